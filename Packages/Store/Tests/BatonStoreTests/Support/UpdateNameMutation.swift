import BatonNormalizer
import BatonStore

/// `mutation UpdateName($id: ID!, $name: String!) { updateCharacterName(id: $id, name: $name) { __typename id name species type } }`
struct UpdateNameMutation: GraphQLOperation {
  typealias Data = CharacterDetail.Data

  var id: String
  var name: String

  static let document =
    "mutation UpdateName($id: ID!, $name: String!) { updateCharacterName(id: $id, name: $name) { __typename id name species type } }"
  static let operationID = "UpdateName"
  static let operation = OperationDescriptor(
    name: "UpdateName", kind: .mutation,
    selections: [
      .field(FieldSelection(
        name: "updateCharacterName", arguments: [Argument("id", .variable("id")), Argument("name", .variable("name"))],
        type: TypeReference("Character", .object), selections: Fields.character, keyFields: ["Character": ["id"]]))
    ])

  var variables: [String: JSONValue] { ["id": .string(id), "name": .string(name)] }

  static func makeData(_ root: DataObject, in source: RecordSource) -> Data {
    CharacterDetail.makeData(root, in: source)
  }

  /// The optimistic response a UI would write for this mutation: only the name.
  var optimisticResponse: JSONValue {
    ["updateCharacterName": ["__typename": "Character", "id": .string(id), "name": .string(name)]]
  }
}
