@_spi(Development) import BatonNormalizer
import BatonStore
import Testing

/// A data struct whose selection has a non-null `id` the document selected is
/// `Identifiable` by it (SwiftUI's `ForEach`, `List`); one without stays plain.
struct GeneratedIdentifiableTests {
  static let response = """
    {"data": {"shelf": {"__typename": "Shelf", "id": "S1", "label": "New",
      "books": [{"__typename": "Book", "id": "B1", "title": "Dune"}, {"__typename": "Book", "id": "B2", "title": "Emma"}],
      "curator": {"__typename": "Person", "id": "P1", "name": "Ada"}}}}
    """

  @Test func objectsWithASelectedIDAreIdentifiableByIt() throws {
    let operation = Library.ShelfQuery(id: "S1")
    let payload = try normalize(response: Array(Self.response.utf8), for: Library.ShelfQuery.operation, variables: operation.variables)
    let result = read(payload.records, operation: Library.ShelfQuery.operation, variables: operation.variables)
    let data = try #require(result.data.map { Library.ShelfQuery.makeData($0, in: payload.records) })
    let shelf = try #require(data.shelf)
    #expect(identity(of: shelf) == "S1")
    #expect(shelf.books.compactMap { $0.map(identity(of:)) } == ["B1", "B2"])
    #expect(try identity(of: #require(shelf.curator)) == "P1")
    #expect(!(data as Any is any Identifiable))
  }

  private func identity<Object: Identifiable>(of object: Object) -> Object.ID { object.id }
}
