import BatonNormalizer
import BatonStore

/// `CharacterDetail` with the id generated code gives it, the SHA-256 of its text (the
/// loopback server checks it when a persisted query registers the text).
struct HashedCharacterQuery: GraphQLOperation {
  typealias Data = CharacterDetail.Data

  var id: String

  static var document: String { CharacterDetail.document }
  static let operationID = "0a6bf71d51e3028370a69f9b42767a8c3d0cf6108f64e8764c03093f2c6e21ce"
  static var operation: OperationDescriptor { CharacterDetail.operation }
  var variables: [String: JSONValue] { ["id": .string(id)] }

  static func makeData(_ root: DataObject, in source: RecordSource) throws -> Data {
    try CharacterDetail.makeData(root, in: source)
  }
}
