import BatonNormalizer
import BatonStore

/// `query CharacterDetail($id: ID!) { character(id: $id) { __typename id name species type } }`,
/// written by hand as generated code would be.
struct CharacterQuery<Mode: OnErrorChoice>: GraphQLOperation {
  struct Data: Sendable, Hashable {
    var character: Character?
  }

  struct Character: Sendable, Hashable {
    var id: String
    var name: String?
    var species: String?
    var type: String?
  }

  var id: String

  static var document: String {
    "query CharacterDetail($id: ID!) { character(id: $id) { __typename id name species type } }"
  }
  static var operationID: String { "CharacterDetail-\(Mode.mode)" }
  static var operation: OperationDescriptor {
    OperationDescriptor(
      name: "CharacterDetail",
      selections: [
        .field(FieldSelection(
          name: "character", arguments: [Argument("id", .variable("id"))], type: TypeReference("Character", .object),
          selections: Fields.character, keyFields: ["Character": ["id"]]))
      ],
      onError: Mode.mode)
  }

  var variables: [String: JSONValue] { ["id": .string(id)] }

  static func makeData(_ root: DataObject, in source: RecordSource) throws -> Data {
    guard case .object(let character) = root[0] else { return Data(character: nil) }
    return Data(character: Character(
      id: character[1].string ?? "", name: character[2].string, species: character[3].string, type: character[4].string))
  }
}

typealias CharacterDetail = CharacterQuery<PropagateErrors>
