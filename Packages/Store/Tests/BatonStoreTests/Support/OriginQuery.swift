import BatonNormalizer
import BatonStore

/// `query Origin($id: ID!) { character(id: $id) { __typename id origin { __typename id name dimension } } }`,
/// or with `full: false`, `origin { __typename id }` only (DESIGN §6's query B).
struct OriginQuery: GraphQLOperation {
  struct Data: Sendable, Hashable {
    var originName: String?
  }

  var id: String

  static let document =
    "query Origin($id: ID!) { character(id: $id) { __typename id origin { __typename id name dimension } } }"
  static let operationID = "Origin"
  static let operation = OperationDescriptor(
    name: "Origin",
    selections: [
      .field(FieldSelection(
        name: "character", arguments: [Argument("id", .variable("id"))], type: TypeReference("Character", .object),
        selections: [
          .field(FieldSelection(name: "__typename", type: TypeReference("String", .scalar, [.nonNull]))),
          .field(FieldSelection(name: "id", type: TypeReference("ID", .scalar, [.nonNull]))),
          .field(FieldSelection(
            name: "origin", type: TypeReference("Location", .object),
            selections: [
              .field(FieldSelection(name: "__typename", type: TypeReference("String", .scalar, [.nonNull]))),
              .field(FieldSelection(name: "id", type: TypeReference("ID", .scalar, [.nonNull]))),
              .field(FieldSelection(name: "name", type: TypeReference("String", .scalar, [.nonNull]))),
              .field(FieldSelection(name: "dimension", type: TypeReference("String", .scalar))),
            ], keyFields: ["Location": ["id"]])),
        ], keyFields: ["Character": ["id"]]))
    ])

  var variables: [String: JSONValue] { ["id": .string(id)] }

  static func makeData(_ root: DataObject, in source: RecordSource) throws -> Data {
    guard case .object(let character) = root[0], case .object(let origin) = character[2] else { return Data() }
    return Data(originName: origin[2].string)
  }
}
