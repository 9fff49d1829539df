@_spi(Development) import BatonNormalizer
import Testing

/// An object a response names again (an author of many comments) is not built again when
/// its last write was the same field's, from an object written alike, with nothing nested:
/// these tests hold the records to what writing every object in response order gives, so
/// that the last write of a record still wins wherever the shortcut must not be taken.
@Suite struct RepeatedObjectTests {
  static let userKeys: [String: [String]] = ["User": ["id"], "Profile": ["id"], "Post": ["id"]]

  /// `author { id name }` in a fragment, so that two places share one field.
  static let byline = Fragment(
    name: "Byline", on: "Post",
    selections: [object("author", "User", keys: userKeys, [scalar("id", "ID", [.nonNull]), scalar("name")])])

  /// An operation whose selections come after a list of tags: a response's first objects
  /// are written without a note (`RewriteLog.objectsBeforeNotes`), so the objects each test
  /// is about come after that many.
  static func padded(_ selections: [Selection]) -> OperationDescriptor {
    query("Q", [object("tags", "Tag", [.nonNull, .nonNull], [scalar("name")])] + selections)
  }

  static let padding = #""tags":[\#((1...16).map { #"{"__typename":"Tag","name":"t\#($0)"}"# }.joined(separator: ","))],"#

  static func post(_ name: String, _ selections: [Selection]) -> Selection {
    object(name, "Post", keys: userKeys, [scalar("id", "ID", [.nonNull])] + selections)
  }

  static func author(_ name: String) -> String {
    #"{"__typename":"User","id":"1","name":"\#(name)"}"#
  }

  @Test func anAuthorOfManyPostsIsOneRecordWithTheirFields() throws {
    let operation = Self.padded([
      object("posts", "Post", [.nonNull, .nonNull], keys: Self.userKeys, [
        scalar("id", "ID", [.nonNull]), .fragmentSpread(FragmentSpread(Self.byline)),
      ])
    ])
    let posts = (1...5).map { #"{"__typename":"Post","id":"\#($0)","author":\#(Self.author("Ann"))}"# }
    let records = try normalize(
      response: bytes(#"{"data":{\#(Self.padding)"posts":[\#(posts.joined(separator: ","))]}}"#), for: operation
    ).records
    #expect(records.count == 7 + 16)
    #expect(records["User:1"]?.fields == ["id": RecordField(.scalar("1")), "name": RecordField(.scalar("Ann"))])
    for post in 1...5 { #expect(records[RecordID("Post:\(post)")]?["author"]?.value == .link("User:1")) }
  }

  /// The same field writes the author, another field writes it with another name, then the
  /// first field writes it again as it did the first time: that last write wins.
  @Test func aWriteByAnotherFieldInBetweenIsWrittenOver() throws {
    let operation = Self.padded([
      Self.post("first", [.fragmentSpread(FragmentSpread(Self.byline))]),
      object("featured", "User", keys: Self.userKeys, [scalar("id", "ID", [.nonNull]), scalar("name")]),
      Self.post("second", [.fragmentSpread(FragmentSpread(Self.byline))]),
    ])
    let response = #"""
      {"data":{\#(Self.padding)"first":{"__typename":"Post","id":"1","author":\#(Self.author("Ann"))},
      "featured":\#(Self.author("Anne")),
      "second":{"__typename":"Post","id":"2","author":\#(Self.author("Ann"))}}}
      """#
    let records = try normalize(response: bytes(response), for: operation).records
    #expect(records["User:1"]?["name"]?.value == .scalar("Ann"))
  }

  /// A profile, a record of its own.
  static let profile = object("profile", "Profile", keys: userKeys, [scalar("id", "ID", [.nonNull]), scalar("bio")])

  /// `author { id profile { id bio } }` in a fragment: an author with a nested record.
  static let profiled = Fragment(
    name: "Profiled", on: "Post",
    selections: [object("author", "User", keys: userKeys, [scalar("id", "ID", [.nonNull]), profile])])

  static let profiledAuthor = #"{"__typename":"User","id":"1","profile":{"__typename":"Profile","id":"7","bio":"a"}}"#

  /// The records of a response with these root fields in order: a post is a `Profiled` post
  /// with the author above, and `profile` the profile with the bio `b`.
  static func profileRecords(_ fields: [String]) throws -> RecordSource {
    let operation = padded(fields.map { $0 == "profile" ? profile : post($0, [.fragmentSpread(FragmentSpread(profiled))]) })
    let members = fields.enumerated().map { index, field in
      field == "profile"
        ? #""profile":{"__typename":"Profile","id":"7","bio":"b"}"#
        : #""\#(field)":{"__typename":"Post","id":"\#(index)","author":\#(profiledAuthor)}"#
    }
    return try normalize(response: bytes(#"{"data":{\#(padding)\#(members.joined(separator: ","))}}"#), for: operation)
      .records
  }

  /// An author with a nested record is written again in full: the nested record may have
  /// been written by another field since.
  @Test func anObjectWithANestedRecordIsWrittenAgain() throws {
    let records = try Self.profileRecords(["first", "profile", "second"])
    #expect(records["Profile:7"]?["bio"]?.value == .scalar("a"))
  }

  /// The second author's profile is not written again (its last write was the first's),
  /// yet the second author still holds a nested record: after another field writes the
  /// profile, a third author written alike writes it back.
  @Test func anObjectWhoseNestedRecordWasNotWrittenAgainStillHasOne() throws {
    let records = try Self.profileRecords(["first", "second", "profile", "third"])
    #expect(records["Profile:7"]?["bio"]?.value == .scalar("a"))
  }

  /// The author is written alike both times; only the second has an error below it.
  @Test func anErrorUnderTheObjectMetAgainLandsOnItsField() throws {
    let operation = Self.padded([
      Self.post("first", [.fragmentSpread(FragmentSpread(Self.byline))]),
      Self.post("second", [.fragmentSpread(FragmentSpread(Self.byline))]),
    ])
    let author = #"{"__typename":"User","id":"1","name":null}"#
    let response = #"""
      {"data":{\#(Self.padding)"first":{"__typename":"Post","id":"1","author":\#(author)},
      "second":{"__typename":"Post","id":"2","author":\#(author)}},
      "errors":[{"message":"hidden","path":["second","author","name"]}]}
      """#
    let payload = try normalize(response: bytes(response), for: operation)
    let name = try #require(payload.records["User:1"]?["name"])
    #expect(name.value == .null && name.errors.map(\.message) == ["hidden"])
    #expect(payload.operationErrors.isEmpty)
  }

  /// A fragment spread twice with its own arguments reads the author's fields under each
  /// spread's values: the second spread's object, written alike, stores other fields.
  @Test func anObjectUnderAnotherSpreadsArgumentsIsWrittenAgain() throws {
    let avatar = Fragment(
      name: "Avatar", on: "Post",
      selections: [
        object("author", "User", keys: Self.userKeys, [
          scalar("id", "ID", [.nonNull]), scalar("image", arguments: [Argument("size", .variable("size"))]),
        ])
      ],
      argumentDefinitions: [FragmentArgument("size", defaultValue: .number("64"))])
    func spread(_ size: String) -> Selection {
      .fragmentSpread(FragmentSpread(avatar, arguments: [Argument("size", .literal(.number(size)))]))
    }
    let operation = Self.padded([Self.post("first", [spread("16")]), Self.post("second", [spread("32")])])
    let author = #"{"__typename":"User","id":"1","image":"ann.png"}"#
    let response = #"""
      {"data":{\#(Self.padding)"first":{"__typename":"Post","id":"1","author":\#(author)},
      "second":{"__typename":"Post","id":"2","author":\#(author)}}}
      """#
    let records = try normalize(response: bytes(response), for: operation).records
    #expect(records["User:1"]?["image(size:16)"]?.value == .scalar("ann.png"))
    #expect(records["User:1"]?["image(size:32)"]?.value == .scalar("ann.png"))
  }
}
