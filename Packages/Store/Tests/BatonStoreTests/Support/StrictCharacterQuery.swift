import BatonNormalizer
import BatonStore

/// CharacterDetail with `@throwOnFieldError` on the query: a field error read fails the phase.
struct StrictCharacterQuery: GraphQLOperation {
  typealias Data = CharacterDetail.Data

  var id: String

  static var document: String { CharacterDetail.document }
  static var operationID: String { "StrictCharacterDetail" }
  static let operation = OperationDescriptor(
    name: "CharacterDetail", selections: CharacterDetail.operation.selections, onError: .null, throwOnFieldError: true)

  var variables: [String: JSONValue] { ["id": .string(id)] }

  static func makeData(_ root: DataObject, in source: RecordSource) throws -> Data {
    try CharacterDetail.makeData(root, in: source)
  }
}
