@_spi(Development) import BatonNormalizer
import Testing

/// Merging with the connection's node index kept (as the store merges) writes exactly the
/// records merging without it writes, page after page: duplicates across pages dropped,
/// prepends and refetches from the start as before, and an index its owner emptied rebuilt.
@Suite struct ConnectionIndexTests {
  typealias Merger = ConnectionMergerTests

  /// Two stores fed the same pages, one merging with an index: they must stay equal.
  struct Twins {
    var plain = RecordSource()
    var indexed = RecordSource()
    var index = ConnectionIndex()

    mutating func write(
      _ ids: [Int], hasNext: Bool, hasPrevious: Bool = false, variables: [String: JSONValue],
      sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      try Merger.write(ids, hasNext: hasNext, hasPrevious: hasPrevious, variables: variables, into: &plain)
      let edges = ids.map { #"{"__typename":"FriendEdge","cursor":"c\#($0)","node":{"__typename":"User","id":"\#($0)"}}"# }
      let start = ids.first.map { #""c\#($0)""# } ?? "null"
      let end = ids.last.map { #""c\#($0)""# } ?? "null"
      let response = #"{"data":{"friends":{"edges":[\#(edges.joined(separator: ","))],"pageInfo":{"__typename":"PageInfo","hasNextPage":\#(hasNext),"hasPreviousPage":\#(hasPrevious),"startCursor":\#(start),"endCursor":\#(end)}}}}"#
      let payload = try normalize(response: bytes(response), for: Merger.operation, variables: variables)
      indexed.merge(payload.records)
      indexed.merge(indexed.connectionChanges(for: payload.connectionPages, index: &index))
      #expect(indexed == plain, sourceLocation: sourceLocation)
    }
  }

  @Test func appendedPagesDropNodesListedOnAnyEarlierPage() throws {
    var twins = Twins()
    try twins.write([1, 2], hasNext: true, variables: ["first": 2, "order": "name"])
    try twins.write([3, 1], hasNext: true, variables: ["first": 2, "after": "c2", "order": "name"])
    try twins.write([4, 4, 2, 5], hasNext: false, variables: ["first": 4, "after": "c1", "order": "name"])
    #expect(Merger.connection(twins.indexed).ids == ["User:1", "User:2", "User:3", "User:4", "User:5"])
  }

  @Test func prependsAndRefetchesFromTheStartKeepTheIndexRight() throws {
    var twins = Twins()
    try twins.write([5, 6], hasNext: true, hasPrevious: true, variables: ["first": 2, "order": "name"])
    try twins.write([3, 6], hasNext: true, hasPrevious: false, variables: ["last": 2, "before": "c5", "order": "name"])
    try twins.write([7, 3], hasNext: true, variables: ["first": 2, "after": "c6", "order": "name"])
    try twins.write([9], hasNext: true, variables: ["first": 1, "order": "name"])
    try twins.write([5, 9], hasNext: false, variables: ["first": 2, "after": "c9", "order": "name"])
    #expect(Merger.connection(twins.indexed).ids == ["User:9", "User:5"])
  }

  /// An edge list written by someone else (here: an edge removed) no longer matches the
  /// index, which is then rebuilt from the edges.
  @Test func anEdgeListWrittenElsewhereIsReadAgain() throws {
    var twins = Twins()
    try twins.write([1, 2], hasNext: true, variables: ["first": 2, "order": "name"])
    let key = #"__Friends_friends_connection(order:"name")"#
    guard case .link(let connection)? = twins.plain[.root]?[key]?.value,
      case .list(let edges)? = twins.plain[connection]?["edges"]?.value
    else {
      Issue.record("no connection")
      return
    }
    let shortened = StoreRecord(id: connection, fields: ["edges": RecordField(.list(Array(edges.dropLast())))])
    twins.plain.merge(shortened)
    twins.indexed.merge(shortened)
    try twins.write([2, 3], hasNext: false, variables: ["first": 2, "after": "c2", "order": "name"])
    #expect(Merger.connection(twins.indexed).ids == ["User:1", "User:2", "User:3"])
  }
}
