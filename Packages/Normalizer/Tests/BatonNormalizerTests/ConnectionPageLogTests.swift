@_spi(Development) import BatonNormalizer
import Testing

/// The page log a connection record keeps: which edges each page brought, with its
/// arguments and fetch time, following the merger's rules (a page from the start begins
/// a new log, one the merger ignores is not logged).
@Suite struct ConnectionPageLogTests {
  /// Writes a page as the store commits one, then logs it at `time`.
  static func write(
    _ ids: [Int], variables: [String: JSONValue], at time: Double, into source: inout RecordSource
  ) throws {
    let edges = ids.map { #"{"__typename":"FriendEdge","cursor":"c\#($0)","node":{"__typename":"User","id":"\#($0)"}}"# }.joined(separator: ",")
    let start = ids.first.map { #""c\#($0)""# } ?? "null"
    let end = ids.last.map { #""c\#($0)""# } ?? "null"
    let response = #"{"data":{"friends":{"edges":[\#(edges)],"pageInfo":{"__typename":"PageInfo","hasNextPage":true,"hasPreviousPage":false,"startCursor":\#(start),"endCursor":\#(end)}}}}"#
    let payload = try normalize(response: bytes(response), for: ConnectionMergerTests.operation, variables: variables)
    let starts = source.connectionStarts(for: payload.connectionPages)
    source.merge(payload.records)
    source.merge(source.connectionChanges(for: payload.connectionPages))
    source.merge(source.pageLogChanges(for: payload.connectionPages, from: starts, fetchedAt: time))
  }

  static func log(_ source: RecordSource) -> ConnectionPageLog {
    guard case .link(let connection)? = source[.root]?[#"__Friends_friends_connection(order:"name")"#]?.value else {
      return ConnectionPageLog()
    }
    return ConnectionPageLog(source[connection])
  }

  @Test func eachPageOwnsTheEdgesItBrought() throws {
    var source = RecordSource()
    try Self.write([1, 2], variables: ["first": 2, "order": "name"], at: 10, into: &source)
    try Self.write([3, 4, 5], variables: ["first": 3, "after": "c2", "order": "name"], at: 20, into: &source)
    let log = Self.log(source)
    #expect(log.pages.map(\.edges) == [0..<2, 2..<5])
    #expect(log.pages.map(\.fetchedAt) == [10, 20])
    #expect(log.page(owning: 3)?.arguments == ["first": 3, "after": "c2"])
    #expect(log.oldestFetch == 10)
  }

  @Test func anIgnoredPageIsNotLoggedAndAPageFromTheStartBeginsAgain() throws {
    var source = RecordSource()
    try Self.write([1, 2], variables: ["first": 2, "order": "name"], at: 10, into: &source)
    try Self.write([3, 4], variables: ["first": 2, "after": "c2", "order": "name"], at: 20, into: &source)
    try Self.write([3, 4], variables: ["first": 2, "after": "c2", "order": "name"], at: 30, into: &source)
    #expect(Self.log(source).pages.map(\.fetchedAt) == [10, 20])
    try Self.write([1, 2], variables: ["first": 2, "order": "name"], at: 40, into: &source)
    #expect(Self.log(source).pages.map(\.fetchedAt) == [40])
    #expect(Self.log(source).pages.map(\.edges) == [4..<6])
  }

  @Test func aPageFetchedAgainInPlaceKeepsItsEdgesAndRenewsItsTime() throws {
    var source = RecordSource()
    try Self.write([1, 2], variables: ["first": 2, "order": "name"], at: 10, into: &source)
    try Self.write([3, 4], variables: ["first": 2, "after": "c2", "order": "name"], at: 20, into: &source)
    guard case .link(let connection)? = source[.root]?[#"__Friends_friends_connection(order:"name")"#]?.value else {
      Issue.record("no connection")
      return
    }
    source.merge(source.renewingPage(of: connection, arguments: ["first": 2, "after": "c2"], fetchedAt: 50))
    #expect(Self.log(source).pages.map(\.fetchedAt) == [10, 50])
    #expect(Self.log(source).pages.map(\.edges) == [0..<2, 2..<4])
  }
}
