import BatonNormalizer
import BatonStore

/// `query OriginID($id: ID!) { character(id: $id) { __typename id origin { __typename id } } }`
struct OriginIDQuery: GraphQLOperation {
  typealias Data = DataObject

  var id: String

  static let document = "query OriginID($id: ID!) { character(id: $id) { __typename id origin { __typename id } } }"
  static let operationID = "OriginID"
  static let operation = OperationDescriptor(
    name: "OriginID",
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
            ], keyFields: ["Location": ["id"]])),
        ], keyFields: ["Character": ["id"]]))
    ])

  var variables: [String: JSONValue] { ["id": .string(id)] }

  static func makeData(_ root: DataObject, in source: RecordSource) throws -> DataObject { root }
}
