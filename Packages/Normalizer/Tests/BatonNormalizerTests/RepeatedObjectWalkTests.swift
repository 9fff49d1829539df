import Testing
@_spi(Development) @testable import BatonNormalizer

/// A lens read's walk goes once through an object met again under the same selections (an
/// author of many posts), and again through one met under other selections: the read is
/// the one walking every meeting gives, eager or lens alike.
@Suite struct RepeatedObjectWalkTests {
  static let keys = ["Post": ["id"], "User": ["id"]]
  static let badge = Fragment(name: "Badge", on: "User", selections: [typenameField, scalar("name")])

  /// `friends`: whether the author's selections hold a list.
  static func operation(editor: [Selection], friends: Bool = false) -> OperationDescriptor {
    let friendList = object("friends", "User", [.nonNull, .nonNull], keys: keys, [scalar("id", "ID", [.nonNull])])
    return query("Posts", [
      object("posts", "Post", [.nonNull, .nonNull], keys: keys, [
        scalar("id", "ID", [.nonNull]), scalar("title"),
        object("author", "User", keys: keys, [
          scalar("id", "ID", [.nonNull]), scalar("name"), .fragmentSpread(FragmentSpread(badge)),
        ] + (friends ? [friendList] : [])),
      ]),
      object("editor", "User", keys: keys, [scalar("id", "ID", [.nonNull])] + editor),
    ])
  }

  static let posts = operation(editor: [scalar("name")])
  static let postsWithFriends = operation(editor: [scalar("name")], friends: true)

  static func user(_ id: String, _ name: String) -> String {
    #"{"__typename":"User","id":"\#(id)","name":"\#(name)","friends":[]}"#
  }

  static let response = bytes(#"""
    {"data":{"posts":[
    {"__typename":"Post","id":"p1","title":"One","author":\#(user("u1", "Ada"))},
    {"__typename":"Post","id":"p2","title":"Two","author":\#(user("u2", "Grace"))},
    {"__typename":"Post","id":"p3","title":"Three","author":\#(user("u1", "Ada"))},
    {"__typename":"Post","id":"p4","title":"Four","author":\#(user("u1", "Ada"))}
    ],"editor":{"__typename":"User","id":"u1","name":"Ada"}}}
    """#)

  /// The eager read of `operation`, which walks nothing.
  static func tree(_ records: RecordSource, _ operation: OperationDescriptor) -> ReadResult {
    var reader = Reader(operation, records, [:])
    return reader.readOperation(.root, operation)
  }

  @Test func anAuthorOfManyPostsReadsAsTheTreeDoes() throws {
    let records = try normalize(response: Self.response, for: Self.posts).records
    let lens = read(records, operation: Self.posts)
    let tree = Self.tree(records, Self.posts)
    #expect(lens.data?.lensContext != nil)
    #expect(lens == tree && lens.seenRecords == tree.seenRecords && lens.events.isEmpty)
    let post = try #require(Self.posts.selections.first?.field)
    let authors = try #require(lens.data?.value("posts", in: Self.posts.selections).listValue).map { item in
      item.objectValue?.value("author", in: post.selections).objectValue?.id
    }
    #expect(authors == ["User:u1", "User:u2", "User:u1", "User:u1"].map { RecordID($0) })
    // Each author's spread is listed once, where the walk first met the author.
    let badge = FragmentReference.Scope(fragment: "Badge", owner: .operation("Posts"), variables: [:], onError: .propagate)
    #expect(lens.spreads == ["User:u1", "User:u2"].map { FragmentReference(scope: badge, record: RecordID($0)) })
  }

  /// The editor is the author of the posts, selected with a field the store lacks: the
  /// walk that found the author plain under the posts' selections finds the editor missing
  /// under its own, and the read builds the tree with the event.
  @Test func anObjectMetUnderOtherSelectionsIsWalkedForThem() throws {
    let records = try normalize(response: Self.response, for: Self.posts).records
    let asking = Self.operation(editor: [scalar("name"), scalar("email")])
    let result = read(records, operation: asking)
    #expect(result.data?.lensContext == nil)
    #expect(result == Self.tree(records, asking))
    #expect(result.events.map(\.kind) == [.missing] && result.events.first?.record == "User:u1")
  }

  /// An author with a list of friends is walked at every meeting, as the read cache notes a
  /// list where it is met: read after read, with the cache keeping lists, as the tree.
  @Test func anAuthorWithAListBelowReadsAsTheTreeDoes() throws {
    let records = try normalize(response: Self.response, for: Self.postsWithFriends).records
    var cache = ReadCache()
    let tree = Self.tree(records, Self.postsWithFriends)
    for _ in 0..<3 {
      let result = read(records, operation: Self.postsWithFriends, variables: [:], at: .root, cache: &cache)
      #expect(result.data == tree.data && result.events.isEmpty)
    }
  }
}

extension Selection {
  fileprivate var field: FieldSelection? {
    guard case .field(let field) = self else { return nil }
    return field
  }
}
