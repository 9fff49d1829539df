@_spi(Development) import BatonNormalizer
import Testing

/// Where a `@required(action: NONE or LOG)` null stops, as Relay's reader stops it: at the
/// object holding the field, which reads `nil` whatever its schema type; in a list, that
/// item alone; it goes further only through a parent that is `@required` itself.
@Suite struct RequiredBubblingTests {
  static let keys: [String: [String]] = ["Shelf": ["id"], "Book": ["id"], "Person": ["id"]]

  static func shelf(_ selections: [Selection]) -> OperationDescriptor {
    query("Q", [object("shelf", "Shelf", keys: keys, [scalar("id", "ID", [.nonNull])] + selections)])
  }

  static func book(_ id: String, _ title: String?) -> String {
    #"{"__typename":"Book","id":"\#(id)","title":\#(title.map { "\"\($0)\"" } ?? "null")}"#
  }

  static func load(_ operation: OperationDescriptor, _ shelfFields: String) throws -> (shelf: DataValue, result: ReadResult) {
    let body = bytes(#"{"data":{"shelf":{"__typename":"Shelf","id":"S1",\#(shelfFields)}}}"#)
    let payload = try normalize(response: body, for: operation)
    let result = read(payload.records, operation: operation)
    return (result.data?.value("shelf", in: operation.selections) ?? .absent, result)
  }

  static let books = object("books", "Book", [.nonNull, .nonNull], keys: keys, [
    scalar("id", "ID", [.nonNull]), scalar("title", required: .log),
  ])

  @Test func aNullInAListItemNullsThatItemAndKeepsTheList() throws {
    let operation = Self.shelf([Self.books])
    let (shelf, result) = try Self.load(operation, #""books":[\#(Self.book("1", "Dune")),\#(Self.book("2", nil))]"#)
    let items = try #require(shelf.objectValue?.fields[2].listValue)
    #expect(items.count == 2)
    #expect(items[0].objectValue?.fields[2] == .scalar("Dune"))
    #expect(items[1] == .null)
    #expect(result.events == [ReadEvent(.requiredFieldMissing(.log), owner: .operation("Q"), record: "Book:2", field: "title")])
  }

  @Test(arguments: [RequiredAction.none, .log])
  func aNonNullParentReadsNilAndItsOwnParentStays(_ action: RequiredAction) throws {
    let operation = Self.shelf([
      scalar("label"),
      object("curator", "Person", [.nonNull], keys: Self.keys, [scalar("id", "ID", [.nonNull]), scalar("name", required: action)]),
    ])
    let (shelf, _) = try Self.load(operation, #""label":"New","curator":{"__typename":"Person","id":"P1","name":null}"#)
    let object = try #require(shelf.objectValue)
    #expect(object.fields[2] == .scalar("New"))
    #expect(object.fields[3] == .null)
  }

  @Test func aRequiredListKeepsItsNulledItemsAndGoesOnlyWhenItIsNullItself() throws {
    let required = object("books", "Book", [.nonNull, .nonNull], keys: Self.keys, required: .log, [
      scalar("id", "ID", [.nonNull]), scalar("title", required: .log),
    ])
    let (shelf, _) = try Self.load(Self.shelf([required]), #""books":[\#(Self.book("2", nil))]"#)
    #expect(shelf.objectValue?.fields[2] == .list([.null]))
  }

  @Test func aRequiredParentPassesTheNullOnToItsOwnParent() throws {
    let operation = Self.shelf([
      object("curator", "Person", [.nonNull], keys: Self.keys, required: RequiredAction.none, [
        scalar("id", "ID", [.nonNull]), scalar("name", required: RequiredAction.none),
      ]),
    ])
    let (shelf, _) = try Self.load(operation, #""curator":{"__typename":"Person","id":"P1","name":null}"#)
    #expect(shelf == .null)
  }

  @Test func aNullInANestedListNullsTheInnermostItem() throws {
    let operation = Self.shelf([
      object("stacks", "Book", [.nonNull, .nonNull, .nonNull], keys: Self.keys, [
        scalar("id", "ID", [.nonNull]), scalar("title", required: RequiredAction.none),
      ]),
    ])
    let (shelf, _) = try Self.load(operation, #""stacks":[[\#(Self.book("1", "Dune")),\#(Self.book("2", nil))]]"#)
    let stacks = try #require(shelf.objectValue?.fields[2].listValue)
    #expect(stacks.first?.listValue?.count == 2)
    #expect(stacks.first?.listValue?.last == .null)
  }
}
