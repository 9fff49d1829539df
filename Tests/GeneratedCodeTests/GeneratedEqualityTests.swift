import BatonNormalizer
import BatonStore
import Testing

/// Generated data structs are equal by the values they read: the same response normalized
/// into two stores reads equal (and hashes alike), one changed field makes them unequal.
struct GeneratedEqualityTests {
  static func response(title: String) -> String {
    """
    {"data": {"shelf": {"__typename": "Shelf", "id": "S1", "label": "New",
      "books": [{"__typename": "Book", "id": "B1", "title": "\(title)"}],
      "curator": {"__typename": "Person", "id": "P1", "name": "Ada"}}}}
    """
  }

  static func shelf(_ response: String) throws -> Library.ShelfQuery.Data {
    let operation = Library.ShelfQuery(id: "S1")
    let payload = try normalize(response: Array(response.utf8), for: Library.ShelfQuery.operation, variables: operation.variables)
    let result = read(payload.records, operation: Library.ShelfQuery.operation, variables: operation.variables)
    return try #require(result.data.map { Library.ShelfQuery.makeData($0, in: payload.records) })
  }

  @Test func theSameResponseReadFromTwoStoresIsEqualAndHashesAlike() throws {
    let first = try Self.shelf(Self.response(title: "Dune"))
    let second = try Self.shelf(Self.response(title: "Dune"))
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(first.shelf?.books.first == second.shelf?.books.first)
  }

  @Test func oneChangedFieldMakesThemUnequal() throws {
    let first = try Self.shelf(Self.response(title: "Dune"))
    let changed = try Self.shelf(Self.response(title: "Emma"))
    #expect(first != changed)
    #expect(first.shelf?.books.first != changed.shelf?.books.first)
    #expect(first.shelf?.curator == changed.shelf?.curator)
  }
}
