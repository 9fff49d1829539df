import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTesting
import Foundation
import StoreTestOperations
import TestPrerequisites
import Testing

/// A builder takes parameters for what `@include`/`@skip` may leave out and for the
/// `pageInfo` the compiler adds to a `@connection`: data built with them and committed is a
/// whole page, read back from the store alone and paged on from through the loopback server.
@Suite(.serialized, .taped) struct BuiltConnectionCommitTests {
  static let shared = SharedServer()
  typealias Query = StoreTests.BuiltPageQuery
  typealias Connection = Query.Data.CharactersConnection

  static func cursor(_ id: Int) -> String { Data("Character:\(id)".utf8).base64EncodedString() }

  static func page(status: Bool) -> Query.Data {
    Query.Data(charactersConnection: Connection(
      edges: [
        .init(node: .init(id: "1", name: "Rick Sanchez", status: status ? .alive : nil)),
        .init(node: .init(id: "2", name: "Morty Smith", status: status ? .alive : nil)),
      ],
      pageInfo: BuiltPageInfo(hasNextPage: true, endCursor: cursor(2))))
  }

  @Test func aFieldUnderIncludeIsTakenOnlyWhenGiven() {
    #expect(Self.page(status: true).charactersConnection.edges.map(\.node.status) == [.alive, .alive])
    #expect(Self.page(status: false).charactersConnection.edges.map(\.node.status) == [nil, nil])
    #expect(Self.page(status: true).__response.variables == ["withStatus": true])
    #expect(Self.page(status: false).__response.variables.isEmpty)
  }

  @Test func builtDataIsCommittedWholeAndPagingGoesOnFromIt() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let query = Query(count: .value(2), withStatus: true)
    let built = Self.page(status: true)
    try environment.commitPayload(query, built)

    let list = environment.watchPaginated(query, policy: .storeOnly)
    guard case .ready(let data) = list.phase else {
      Issue.record("the committed page reads \(list.phase), not ready")
      return
    }
    #expect(data == built)
    #expect(list.hasNext)
    await list.loadNext(2).value
    let ids = list.phase.data?.charactersConnection.edges.map(\.node.id)
    #expect(ids == ["1", "2", "3", "4"])
    #expect(list.phase.data?.charactersConnection.edges.last?.node.status == .alive)
    #expect(try await server.requestCount(operationName: "BuiltPage") == 1)
  }

  /// The same page as JSON, as a preview or a test writes it without the builders.
  @Test func aJSONPageIsMergedIntoItsConnectionToo() throws {
    let environment = GraphQLEnvironment(transport: ScriptedTransport())
    let query = Query(count: .value(2), withStatus: true)
    let built = Self.page(status: true)
    try environment.commitPayload(query, built.__response.data)
    let list = environment.watchPaginated(query, policy: .storeOnly)
    #expect(list.phase.data == built)
    #expect(list.hasNext)
  }
}
