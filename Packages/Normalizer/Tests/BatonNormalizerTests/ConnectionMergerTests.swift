@_spi(Development) import BatonNormalizer
import Testing

/// Pages of a `@connection` field merge into one connection record as Relay's
/// `ConnectionHandler` merges them: appended after the end cursor, prepended before the
/// start cursor, replaced by a page from the start, deduplicated by node, and a page that
/// does not continue the connection ignored.
@Suite struct ConnectionMergerTests {
  static let connectionField = FieldSelection(
    name: "friends",
    arguments: [
      Argument("first", .variable("first")), Argument("after", .variable("after")), Argument("last", .variable("last")),
      Argument("before", .variable("before")), Argument("order", .variable("order")),
    ],
    type: TypeReference("FriendConnection", .object, [.nonNull]),
    selections: [
      object("edges", "FriendEdge", [.nonNull, .nonNull], [
        scalar("cursor", "String", [.nonNull]),
        object("node", "User", [.nonNull], keys: ["User": ["id"]], [scalar("id", "ID", [.nonNull])]),
      ]),
      object("pageInfo", "PageInfo", [.nonNull], [
        scalar("hasNextPage", "Boolean", [.nonNull]), scalar("hasPreviousPage", "Boolean", [.nonNull]),
        scalar("startCursor"), scalar("endCursor"),
      ]),
    ],
    connection: ConnectionMetadata(key: "Friends_friends", filters: ["order"]))
  static let operation = query("Friends", [.field(connectionField)])

  /// The store after writing a page of the ids given, as the store commits one.
  static func write(
    _ ids: [Int], hasNext: Bool, hasPrevious: Bool = false, variables: [String: JSONValue], into source: inout RecordSource
  ) throws {
    let edges = ids.map { #"{"__typename":"FriendEdge","cursor":"c\#($0)","node":{"__typename":"User","id":"\#($0)"}}"# }.joined(separator: ",")
    let start = ids.first.map { #""c\#($0)""# } ?? "null"
    let end = ids.last.map { #""c\#($0)""# } ?? "null"
    let response = #"{"data":{"friends":{"edges":[\#(edges)],"pageInfo":{"__typename":"PageInfo","hasNextPage":\#(hasNext),"hasPreviousPage":\#(hasPrevious),"startCursor":\#(start),"endCursor":\#(end)}}}}"#
    let payload = try normalize(response: bytes(response), for: operation, variables: variables)
    source.merge(payload.records)
    source.merge(source.connectionChanges(for: payload.connectionPages))
  }

  /// The connection's node ids, its page info, as a read through the field sees them.
  static func connection(_ source: RecordSource, order: String = "name") -> (ids: [String], pageInfo: [String: JSONValue]) {
    let key = #"__Friends_friends_connection(order:"\#(order)")"#
    guard case .link(let connection)? = source[.root]?[key]?.value,
      case .list(let edges)? = source[connection]?["edges"]?.value
    else { return ([], [:]) }
    let ids = edges.compactMap { edge -> String? in
      guard case .link(let edgeID) = edge, case .link(let node)? = source[edgeID]?["node"]?.value else { return nil }
      return node.rawValue
    }
    var pageInfo: [String: JSONValue] = [:]
    if case .link(let pageInfoID)? = source[connection]?["pageInfo"]?.value {
      for (name, field) in source[pageInfoID]?.fields ?? [:] {
        if case .scalar(let value) = field.value { pageInfo[name] = value }
      }
    }
    return (ids, pageInfo)
  }

  @Test func pagesAfterTheEndCursorAppendAndTakeTheForwardPageInfo() throws {
    var source = RecordSource()
    try Self.write([1, 2], hasNext: true, variables: ["first": 2, "order": "name"], into: &source)
    try Self.write([3, 4], hasNext: false, hasPrevious: true, variables: ["first": 2, "after": "c2", "order": "name"], into: &source)
    let (ids, pageInfo) = Self.connection(source)
    #expect(ids == ["User:1", "User:2", "User:3", "User:4"])
    #expect(pageInfo["hasNextPage"] == false && pageInfo["endCursor"] == "c4")
    // Only the forward fields move: the start stays where the first page put it.
    #expect(pageInfo["hasPreviousPage"] == false && pageInfo["startCursor"] == "c1")
  }

  @Test func pagesBeforeTheStartCursorPrepend() throws {
    var source = RecordSource()
    try Self.write([5, 6], hasNext: false, hasPrevious: true, variables: ["last": 2, "order": "name"], into: &source)
    try Self.write([3, 4], hasNext: true, hasPrevious: true, variables: ["last": 2, "before": "c5", "order": "name"], into: &source)
    let (ids, pageInfo) = Self.connection(source)
    #expect(ids == ["User:3", "User:4", "User:5", "User:6"])
    #expect(pageInfo["startCursor"] == "c3" && pageInfo["hasPreviousPage"] == true)
    #expect(pageInfo["hasNextPage"] == false && pageInfo["endCursor"] == "c6")
  }

  @Test func anEmptyPagesNullCursorsKeepTheStoredOnes() throws {
    var source = RecordSource()
    try Self.write([3, 4], hasNext: true, hasPrevious: true, variables: ["first": 2, "after": "c2", "order": "name"], into: &source)
    try Self.write([], hasNext: false, hasPrevious: true, variables: ["first": 2, "after": "c4", "order": "name"], into: &source)
    try Self.write([], hasNext: true, hasPrevious: false, variables: ["last": 2, "before": "c3", "order": "name"], into: &source)
    let (ids, pageInfo) = Self.connection(source)
    #expect(ids == ["User:3", "User:4"])
    #expect(pageInfo["endCursor"] == "c4" && pageInfo["hasNextPage"] == false)
    #expect(pageInfo["startCursor"] == "c3" && pageInfo["hasPreviousPage"] == false)
  }

  @Test func edgesAreDeduplicatedByNode() throws {
    var source = RecordSource()
    try Self.write([1, 2], hasNext: true, variables: ["first": 2, "order": "name"], into: &source)
    try Self.write([2, 3], hasNext: false, variables: ["first": 2, "after": "c2", "order": "name"], into: &source)
    #expect(Self.connection(source).ids == ["User:1", "User:2", "User:3"])
  }

  @Test func aPageFromTheStartReplacesTheEdges() throws {
    var source = RecordSource()
    try Self.write([1, 2], hasNext: true, variables: ["first": 2, "order": "name"], into: &source)
    try Self.write([3, 4], hasNext: true, variables: ["first": 2, "after": "c2", "order": "name"], into: &source)
    try Self.write([9, 1], hasNext: true, variables: ["first": 2, "order": "name"], into: &source)
    let (ids, pageInfo) = Self.connection(source)
    #expect(ids == ["User:9", "User:1"])
    #expect(pageInfo["endCursor"] == "c1")
  }

  @Test func aPageThatDoesNotContinueTheConnectionIsIgnored() throws {
    var source = RecordSource()
    try Self.write([1, 2], hasNext: true, variables: ["first": 2, "order": "name"], into: &source)
    try Self.write([3, 4], hasNext: true, variables: ["first": 2, "after": "c2", "order": "name"], into: &source)
    // An older request for the page after c2 that lost the race.
    try Self.write([7, 8], hasNext: true, variables: ["first": 2, "after": "c2", "order": "name"], into: &source)
    #expect(Self.connection(source).ids == ["User:1", "User:2", "User:3", "User:4"])
  }

  @Test func otherFilterValuesAreAnotherConnection() throws {
    var source = RecordSource()
    try Self.write([1, 2], hasNext: true, variables: ["first": 2, "order": "name"], into: &source)
    try Self.write([5], hasNext: false, variables: ["first": 2, "order": "age"], into: &source)
    #expect(Self.connection(source).ids == ["User:1", "User:2"])
    #expect(Self.connection(source, order: "age").ids == ["User:5"])
  }

  @Test func readsSeeTheMergedConnection() throws {
    var source = RecordSource()
    try Self.write([1, 2], hasNext: true, variables: ["first": 2, "order": "name"], into: &source)
    try Self.write([3], hasNext: false, variables: ["first": 2, "after": "c2", "order": "name"], into: &source)
    let result = BatonNormalizer.read(source, operation: Self.operation, variables: ["first": 2, "order": "name"])
    let edges = result.data?[0].objectValue?[0].listValue ?? []
    #expect(edges.count == 3)
    #expect(result.events.isEmpty)
  }
}
