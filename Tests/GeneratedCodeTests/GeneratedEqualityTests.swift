@_spi(Development) import BatonNormalizer
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

/// A spread fragment's fields and a field error `@catch` caught are part of the value.
struct GeneratedEqualityThroughFragmentsTests {
  static func response(name: String, labelError: String) -> String {
    """
    {"data": {"shelf": {"__typename": "Shelf", "id": "S1", "label": null,
      "curator": {"__typename": "Person", "id": "P1", "name": "\(name)"}}},
     "errors": [{"message": "\(labelError)", "path": ["shelf", "label"]}]}
    """
  }

  static func shelf(_ response: String) throws -> Library.ShelfCuratorQuery.Data {
    let operation = Library.ShelfCuratorQuery(id: "S1")
    let payload = try normalize(
      response: Array(response.utf8), for: Library.ShelfCuratorQuery.operation, variables: operation.variables)
    let result = read(payload.records, operation: Library.ShelfCuratorQuery.operation, variables: operation.variables)
    return try #require(result.data.map { Library.ShelfCuratorQuery.makeData($0, in: payload.records) })
  }

  @Test func theSameFragmentDataAndCaughtErrorFromTwoStoresAreEqual() throws {
    let first = try Self.shelf(Self.response(name: "Ada", labelError: "label unavailable"))
    let second = try Self.shelf(Self.response(name: "Ada", labelError: "label unavailable"))
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
  }

  @Test func aChangedFieldInsideASpreadFragmentMakesTheParentUnequal() throws {
    let first = try Self.shelf(Self.response(name: "Ada", labelError: "label unavailable"))
    let renamed = try Self.shelf(Self.response(name: "Grace", labelError: "label unavailable"))
    #expect(first.shelf?.curator.curatorName.name == "Ada")
    #expect(first != renamed)
    #expect(first.shelf?.curator != renamed.shelf?.curator)
  }

  @Test func aDifferentCaughtErrorMakesThemUnequal() throws {
    let first = try Self.shelf(Self.response(name: "Ada", labelError: "label unavailable"))
    let other = try Self.shelf(Self.response(name: "Ada", labelError: "label hidden"))
    #expect(first != other)
  }
}

/// The debug description shows fields by name and value, a spread fragment's fields and
/// caught errors, not `DataObject` slots.
struct GeneratedDebugDescriptionTests {
  @Test func fieldsPrintByNameAndValue() throws {
    let data = try GeneratedEqualityThroughFragmentsTests.shelf(
      GeneratedEqualityThroughFragmentsTests.response(name: "Ada", labelError: "label unavailable"))
    #expect(
      data.debugDescription
        == #"Data(shelf: Shelf(id: "S1", label: caught(["label unavailable"]), curator: Person(id: "P1", ...CuratorName(name: "Ada"))))"#)
  }
}
