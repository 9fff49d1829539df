import BatonNormalizer
import BatonStore

/// `CharacterDetail` as generated code would declare it; the data is the read's root
/// object, so two launches can be compared value for value.
struct CharacterDetailRequest: GraphQLOperation {
  typealias Data = DataObject
  var id: String
  static var document: String { RickAndMortyOperations.characterText }
  static var operationID: String { "image-tests-CharacterDetail" }
  static var operation: BatonNormalizer.OperationDescriptor { RickAndMortyOperations.character }
  var variables: [String: JSONValue] { ["id": .string(id)] }
  static func makeData(_ root: DataObject, in source: RecordSource) throws -> DataObject { root }
}
