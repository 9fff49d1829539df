import BatonNormalizer
import BatonStore

/// `query DeepItem { item { __typename id payload note } }`: `payload` and `note` are of a
/// custom scalar, so any JSON is stored as it came. The server is told what to answer.
struct DeepItemRequest: GraphQLOperation {
  typealias Data = DataObject
  static var document: String { "query DeepItem { item { __typename id payload note } }" }
  static var operationID: String { "image-tests-DeepItem" }
  static var operation: BatonNormalizer.OperationDescriptor {
    OperationDescriptor(
      name: "DeepItem",
      selections: [
        .field(FieldSelection(
          name: "item", type: TypeReference("Item", .object),
          selections: [
            .field(FieldSelection(name: "__typename", type: TypeReference("String", .scalar, [.nonNull]))),
            .field(FieldSelection(name: "id", type: TypeReference("ID", .scalar, [.nonNull]))),
            .field(FieldSelection(name: "payload", type: TypeReference("JSON", .scalar))),
            .field(FieldSelection(name: "note", type: TypeReference("JSON", .scalar))),
          ],
          keyFields: ["Item": ["id"]]))
      ])
  }
  var variables: [String: JSONValue] { [:] }
  static func makeData(_ root: DataObject, in source: RecordSource) throws -> DataObject { root }
}
