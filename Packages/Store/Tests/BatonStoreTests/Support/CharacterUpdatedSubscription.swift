import BatonNormalizer
import BatonStore

/// `subscription CharacterUpdated($id: ID) { characterUpdated(id: $id) { __typename id name species type } }`,
/// written by hand as generated code would be.
struct CharacterUpdatedSubscription: GraphQLOperation {
  struct Data: Sendable, Hashable {
    var characterUpdated: CharacterQuery<PropagateErrors>.Character
  }

  var id: String?

  static var document: String {
    "subscription CharacterUpdated($id: ID) { characterUpdated(id: $id) { __typename id name species type } }"
  }
  static var operationID: String { "CharacterUpdated" }
  static var operation: OperationDescriptor {
    OperationDescriptor(
      name: "CharacterUpdated", kind: .subscription,
      selections: [
        .field(FieldSelection(
          name: "characterUpdated", arguments: [Argument("id", .variable("id"))],
          type: TypeReference("Character", .object, [.nonNull]), selections: Fields.character,
          keyFields: ["Character": ["id"]]))
      ])
  }

  var variables: [String: JSONValue] { ["id": id.map(JSONValue.string) ?? .null] }

  static func makeData(_ root: DataObject, in source: RecordSource) throws -> Data {
    guard case .object(let character) = root[0] else { throw ReadProblem.noCharacter }
    return Data(characterUpdated: .init(
      id: character[1].string ?? "", name: character[2].string, species: character[3].string, type: character[4].string))
  }

  enum ReadProblem: Error { case noCharacter }
}
