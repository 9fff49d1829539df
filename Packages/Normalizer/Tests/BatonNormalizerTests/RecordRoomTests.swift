@_spi(Development) @testable import BatonNormalizer
import Testing

/// A record is built with room for every field its selections may store; an object of one
/// type among many stores few of them, and keeps no more room than it uses once written.
@Suite struct RecordRoomTests {
  @Test func anObjectOfOneTypeAmongManyKeepsOnlyTheRoomItsFieldsUse() throws {
    let types = ["Bot", "Mannequin", "Organization", "User", "Team", "App"]
    let operation = query("Q", [
      object("author", "Actor", kind: .interface, keys: Dictionary(uniqueKeysWithValues: types.map { ($0, ["id"]) }),
        possibleTypes: Set(types), [scalar("login")] + types.map { on($0, [scalar("id", "ID", [.nonNull]), scalar("url\($0)")]) }),
    ])
    let payload = try normalize(
      response: Array(#"{"data":{"author":{"__typename":"User","login":"ann","id":"1","urlUser":"u"}}}"#.utf8), for: operation)
    let fields = try #require(payload.records["User:1"]).fields
    #expect(fields.keys == ["id", "login", "urlUser"])
    #expect(fields.entries.capacity <= fields.count + 2, "\(fields.entries.capacity) entries' room for \(fields.count)")
  }

  /// An `id` under each type of an interface is one field of the record; a key made from
  /// variables cannot be known before a request, and is counted each time it is selected.
  @Test func aKeySelectedUnderManyTypesIsRoomForOneField() {
    let page = [Argument("first", .variable("count"))]
    let selections = [typenameField, scalar("login")]
      + ["Bot", "User", "Team"].map { on($0, [scalar("id", "ID", [.nonNull])]) }
      + [on("User", [scalar("name"), scalar("repositories", arguments: page)]), on("Team", [scalar("repositories", arguments: page)])]
    #expect(selections.storedFieldBound == 5)
    #expect([typenameField].storedFieldBound == 0)
  }
}
