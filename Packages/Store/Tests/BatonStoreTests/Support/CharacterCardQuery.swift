import BatonNormalizer
import BatonStore

/// `query CharacterCard($id: ID!) { character(id: $id) { __typename id ...CharacterCard } }`
/// `fragment CharacterCard on Character { name species }`: the parent sees only a
/// reference; the data reads the fragment from the snapshot it was made from.
struct CharacterCardQuery: GraphQLOperation {
  struct Data: Sendable {
    var cardName: String?
  }

  static let card = Fragment(
    name: "CharacterCard", on: "Character",
    selections: [
      .field(FieldSelection(name: "name", type: TypeReference("String", .scalar, [.nonNull]))),
      .field(FieldSelection(name: "species", type: TypeReference("String", .scalar, [.nonNull]))),
    ])

  var id: String

  static let document = """
    query CharacterCard($id: ID!) { character(id: $id) { __typename id ...CharacterCard } } \
    fragment CharacterCard on Character { name species }
    """
  static let operationID = "CharacterCard"
  static let operation = OperationDescriptor(
    name: "CharacterCard",
    selections: [
      .field(FieldSelection(
        name: "character", arguments: [Argument("id", .variable("id"))], type: TypeReference("Character", .object),
        selections: [
          .field(FieldSelection(name: "__typename", type: TypeReference("String", .scalar, [.nonNull]))),
          .field(FieldSelection(name: "id", type: TypeReference("ID", .scalar, [.nonNull]))),
          .fragmentSpread(FragmentSpread(card)),
        ], keyFields: ["Character": ["id"]]))
    ])

  var variables: [String: JSONValue] { ["id": .string(id)] }

  static func makeData(_ root: DataObject, in source: RecordSource) throws -> Data {
    guard case .object(let character) = root[0], case .fragment(let reference) = character[2] else { return Data() }
    return Data(cardName: read(source, fragment: Self.card, at: reference).data?[0].string)
  }
}
