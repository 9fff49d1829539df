import BatonNormalizer
import BatonStore

/// `CharacterPage`: one page of characters with their locations.
struct CharacterPageRequest: GraphQLOperation {
  typealias Data = DataObject
  var page: Int
  static var document: String { RickAndMortyOperations.pageText }
  static var operationID: String { "image-tests-CharacterPage" }
  static var operation: BatonNormalizer.OperationDescriptor { RickAndMortyOperations.page }
  var variables: [String: JSONValue] { ["page": .number(String(page))] }
  static func makeData(_ root: DataObject, in source: RecordSource) throws -> DataObject { root }
}
