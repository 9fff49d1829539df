import BatonNormalizer
import BatonStore
import Testing

/// Generated builders, offline: built data equals the data read from the same response,
/// a spread fragment and a caught error included, and gives that response back.
struct GeneratedBuilderTests {
  typealias Shelf = Library.ShelfCuratorQuery.Data.Shelf

  static func built(name: String = "Ada", label: Result<String?, Library.FieldErrors>) -> Library.ShelfCuratorQuery.Data {
    Library.ShelfCuratorQuery.Data(shelf: Shelf(
      id: "S1", label: label, curator: .init(id: "P1", curatorName: Library.CuratorName(name: name))))
  }

  @Test func builtDataEqualsTheDataReadFromTheSameResponse() throws {
    let read = try GeneratedEqualityThroughFragmentsTests.shelf(
      GeneratedEqualityThroughFragmentsTests.response(name: "Ada", labelError: "label unavailable"))
    let caught = Library.FieldErrors(errors: [FieldError(message: "label unavailable")])
    let built = Self.built(label: .failure(caught))
    #expect(built == read)
    #expect(built.hashValue == read.hashValue)
    #expect(built.shelf?.curator.curatorName.name == "Ada")
    #expect(Self.built(name: "Grace", label: .failure(caught)) != read)
    #expect(Self.built(label: .success(nil)) != read)
    #expect(Self.built(label: .success(nil)).withFieldError("label unavailable", at: ["shelf", "label"]) == read)
  }

  @Test func theResponseOfBuiltDataIsWhatAServerSends() {
    let built = Self.built(label: .success(nil)).withFieldError("label unavailable", at: ["shelf", "label"])
    #expect(built.__response.body == [
      "data": ["shelf": [
        "__typename": "Shelf", "id": "S1", "label": nil,
        "curator": ["__typename": "Person", "id": "P1", "name": "Ada"],
      ]],
      "errors": [["message": "label unavailable", "path": ["shelf", "label"]]],
    ])
  }

  @Test func anEnumValueNamedUnknownIsBuiltAndReadBack() {
    let book = Library.BookQuery.Data(book: .init(id: "B1", title: "Dune", condition: .unknown))
    #expect(book.book?.condition == .unknown)
    #expect(book.__response.data["book"]?["condition"] == "UNKNOWN")
    #expect(book.book?.isbn13 == nil)
    let unknown = Library.BookQuery.Data(book: .init(id: "B1", condition: .__unknown("LOST")))
    #expect(unknown.book?.condition == .__unknown("LOST"))
  }

  /// The accessors are optional, as a `@required` child can null the object, but the
  /// schema's non-null list items and curator are required parameters.
  @Test func aListOfBuiltObjectsReadsInOrderAndARequiredNullBubbles() {
    let shelf = Library.ShelfQuery.Data.Shelf(
      id: "S1", books: [.init(id: "B1", title: "Dune"), .init(id: "B2", title: "Emma")], curator: .init(id: "P1", name: "Ada"))
    #expect(shelf.books.map { $0?.title } == ["Dune", "Emma"])
    #expect(shelf.curator?.name == "Ada")
    let untitled = shelf.withFieldError("no title", at: ["books", 1, "title"])
    #expect(untitled.books.map { $0?.title } == ["Dune", nil])
    #expect(untitled.__response.errors == [FieldError(message: "no title", path: ["books", 1, "title"])])
  }
}

/// A `@oneOf` input is an enum, one case per field, and encodes to the one-field object.
struct OneOfInputTests {
  static let cases: [(Library.ShelfKey, JSONValue)] = [
    (.id("S1"), ["id": "S1"]),
    (.label("New"), ["label": "New"]),
    (.bookCondition(.unknown), ["bookCondition": "UNKNOWN"]),
  ]

  @Test(arguments: cases)
  func encodesToTheOneFieldObject(_ key: Library.ShelfKey, _ json: JSONValue) {
    #expect(key.jsonValue == json)
    #expect(Library.ShelfByKeyQuery(key: key).variables == ["key": json])
  }
}

/// `Input` is written with literals where the wrapped type is unambiguous; `nil` leaves
/// the value out.
struct InputLiteralTests {
  @Test func literalsAreValues() {
    let string: Library.Input<String> = "Dune"
    let integer: Library.Input<Int> = 3
    let float: Library.Input<Double> = 1.5
    let bool: Library.Input<Bool> = true
    let list: Library.Input<[String]> = ["a", "b"]
    let absent: Library.Input<String> = nil
    #expect(string == .value("Dune"))
    #expect(integer == .value(3))
    #expect(float == .value(1.5))
    #expect(bool == .value(true))
    #expect(list == .value(["a", "b"]))
    #expect(absent == .absent)
  }
}

/// A `@connection`'s builder: its edges are read back through the connection record, as
/// a fetched page's are.
struct GeneratedConnectionBuilderTests {
  typealias Connection = RickAndMorty.CharactersConnectionQuery.Data.CharactersConnection

  @Test func builtEdgesOfAConnectionReadBackInOrder() {
    let data = RickAndMorty.CharactersConnectionQuery.Data(charactersConnection: Connection(
      totalCount: 2,
      edges: [
        .init(node: .init(id: "1", name: "Rick Sanchez", species: "Human")),
        .init(node: .init(id: "2", name: "Morty Smith", species: "Human")),
      ],
      pageInfo: .init(hasNextPage: true, endCursor: "Character:2", hasPreviousPage: false)))
    #expect(data.charactersConnection.edges.map(\.node.name) == ["Rick Sanchez", "Morty Smith"])
    #expect(data.charactersConnection.totalCount == 2)
    #expect(data.charactersConnection.pageInfo.endCursor == "Character:2")
  }
}
