@_spi(Development) import BatonNormalizer
import BatonStore
import Testing

/// The Library target's `@required(action: NONE or LOG)` fields read through generated
/// types: the null stops at the object holding the field, in a list at the item, and the
/// types say so (each value is bound to the type the rule promises).
struct RequiredBubblingReadTests {
  static let response = """
    {"data": {"shelf": {"__typename": "Shelf", "id": "S1", "label": "New",
      "books": [{"__typename": "Book", "id": "B1", "title": "Dune"}, {"__typename": "Book", "id": "B2", "title": null}],
      "curator": {"__typename": "Person", "id": "P1", "name": null}}}}
    """

  @Test func aBookWithoutItsTitleReadsNilInTheListAndTheShelfStays() throws {
    let operation = Library.ShelfQuery(id: "S1")
    let payload = try normalize(response: Array(Self.response.utf8), for: Library.ShelfQuery.operation, variables: operation.variables)
    let result = read(payload.records, operation: Library.ShelfQuery.operation, variables: operation.variables)
    let data = try #require(result.data.map { Library.ShelfQuery.makeData($0, in: payload.records) })
    let shelf = try #require(data.shelf)
    #expect(shelf.label == "New")
    let books: DataList<Library.ShelfQuery.Data.Shelf.Book?> = shelf.books
    #expect(books.count == 2)
    #expect(books[0]?.title == "Dune")
    #expect(books[1] == nil)
    let curator: Library.ShelfQuery.Data.Shelf.Curator? = shelf.curator
    #expect(curator == nil)
    #expect(result.events == [ReadEvent(.requiredFieldMissing(.log), owner: .operation("Shelf"), record: "Book:B2", field: "title")])
  }
}
