import Baton
import BatonTestServer
import BatonTesting
import Foundation
import InteropOperations
import TestPrerequisites
import Synchronization
import Testing

/// Baton's network features against servers nobody here wrote: strawberry-graphql and
/// ariadne from PyPI (`Tools/interop`), each serving the interop schema. Each server's quirk
/// is recorded where a test meets it, in the spec's words, not by loosening Baton.
@Suite(.serialized, .requires(.interopServers)) struct InteropTests {
  static let servers: [InteropServer.Kind: Task<InteropServer, any Error>] = Dictionary(
    uniqueKeysWithValues: InteropServer.Kind.allCases.map { kind in (kind, Task { try await InteropServer.start(kind) }) })
  static let patience = Duration.seconds(30)

  static func server(_ kind: InteropServer.Kind) async throws -> InteropServer {
    guard let start = servers[kind] else { throw TimedOut(description: "no \(kind) server") }
    return try await start.value
  }

  /// An environment over HTTP, with subscriptions over `protocol`: ariadne serves one
  /// WebSocket protocol per app, the older one at /legacy here; strawberry both at /graphql.
  static func environment(_ server: InteropServer, protocol wsProtocol: GraphQLWebSocketProtocol = .graphqlTransportWS)
    -> GraphQLEnvironment
  {
    let socketPath = server.kind == .ariadne && wsProtocol == .subscriptionsTransportWS ? "/legacy/" : "/graphql"
    return GraphQLEnvironment(
      transport: HTTPTransport(endpoint: server.url(), timeout: .seconds(30)),
      subscriptionTransport: GraphQLWebSocketTransport(
        endpoint: server.url(socketPath, scheme: "ws"), backoff: ReconnectBackoff(initialDelay: .milliseconds(200)),
        protocol: wsProtocol))
  }

  @Test(arguments: InteropServer.Kind.allCases)
  func aQueryIsReady(_ kind: InteropServer.Kind) async throws {
    let environment = Self.environment(try await Self.server(kind))
    let handle = environment.watch(Interop.InteropCharacterQuery(id: "1"))
    let data = try await handle.settledData(within: Self.patience)
    #expect(data.character?.name == "Rick Sanchez")
    #expect(data.character?.species == "Human")
    #expect(handle.fieldErrors.isEmpty)
  }

  @Test(arguments: InteropServer.Kind.allCases)
  func aFieldErrorIsStoredBesideItsField(_ kind: InteropServer.Kind) async throws {
    let environment = Self.environment(try await Self.server(kind))
    let handle = environment.watch(Interop.InteropCharacterQuery(id: "3"))
    let data = try await handle.settledData(within: Self.patience)
    #expect(data.character?.name == "Birdperson")
    #expect(data.character?.species == nil)
    #expect(handle.fieldErrors.map(\.field) == ["species"])
    #expect(handle.fieldErrors.first?.kind == .fieldError([FieldError(message: "species withheld")]))
    let again = environment.watch(Interop.InteropCharacterQuery(id: "3"), policy: .storeOnly)
    #expect(again.fieldErrors.map(\.field) == ["species"], "the error survives in the store")
  }

  @Test(arguments: InteropServer.Kind.allCases)
  func aMutationUpdatesWhatAQueryShows(_ kind: InteropServer.Kind) async throws {
    let environment = Self.environment(try await Self.server(kind))
    let handle = environment.watch(Interop.InteropCharacterQuery(id: "2"))
    try await handle.settledData(within: Self.patience)
    let renamed = try await environment.mutate(Interop.InteropRenameMutation(id: "2", name: "Morty (\(kind))"))
    #expect(renamed.rename?.name == "Morty (\(kind))")
    #expect(handle.phase.data?.character?.name == "Morty (\(kind))")
  }

  /// Both answer a query sent as a GET (GraphQL over HTTP's cacheable form): strawberry by
  /// default, ariadne once `execute_get_queries` is on.
  @Test(arguments: InteropServer.Kind.allCases)
  func aQuerySentAsGETIsReady(_ kind: InteropServer.Kind) async throws {
    let server = try await Self.server(kind)
    let methods = Mutex<[String]>([])
    let environment = GraphQLEnvironment(transport: HTTPTransport(
      endpoint: server.url(), timeout: .seconds(30), usesGETForQueries: true,
      prepare: { request in methods.withLock { $0.append(request.httpMethod ?? "") } }))
    let handle = environment.watch(Interop.InteropCharacterQuery(id: "1"))
    let data = try await handle.settledData(within: Self.patience)
    #expect(data.character?.name == "Rick Sanchez")
    #expect(methods.withLock { $0 } == ["GET"])
  }

  /// ariadne's contrib handler speaks the GraphQL over SSE protocol in its distinct
  /// connections mode: one POST per subscription, its events as `next`, then `complete`.
  @Test func aSubscriptionOverSSEFromAriadneDeliversEveryEventThenEnds() async throws {
    let server = try await Self.server(.ariadne)
    let environment = GraphQLEnvironment(
      transport: HTTPTransport(endpoint: server.url(), timeout: .seconds(30)),
      subscriptionTransport: GraphQLSSETransport(
        endpoint: server.url(), backoff: ReconnectBackoff(initialDelay: .milliseconds(200))))
    #expect(try await Self.countsToThree(in: environment) == [1, 2, 3])
  }

  static let subscriptionCases: [(InteropServer.Kind, GraphQLWebSocketProtocol)] = InteropServer.Kind.allCases.flatMap {
    kind in [(kind, .graphqlTransportWS), (kind, .subscriptionsTransportWS)]
  }

  @Test(arguments: subscriptionCases)
  func aSubscriptionDeliversEveryEventInOrderThenEnds(_ kind: InteropServer.Kind, _ wsProtocol: GraphQLWebSocketProtocol)
    async throws
  {
    let environment = Self.environment(try await Self.server(kind), protocol: wsProtocol)
    #expect(try await Self.countsToThree(in: environment) == [1, 2, 3])
  }

  /// strawberry speaks Apollo's multipart subscription protocol once its view lists it. Its
  /// body opens with a heartbeat before any delimiter and closes right after the last
  /// delimiter line, without a line break of its own.
  @Test func aSubscriptionOverMultipartHTTPFromStrawberryDeliversEveryEventThenEnds() async throws {
    let server = try await Self.server(.strawberry)
    let environment = GraphQLEnvironment(
      transport: HTTPTransport(endpoint: server.url(), timeout: .seconds(30)),
      subscriptionTransport: GraphQLMultipartSubscriptionTransport(
        endpoint: server.url(), backoff: ReconnectBackoff(initialDelay: .milliseconds(200))))
    #expect(try await Self.countsToThree(in: environment) == [1, 2, 3])
  }

  /// The counts `count(to: 3)` gives before it ends, expecting it to end without a failure.
  static func countsToThree(in environment: GraphQLEnvironment) async throws -> [Int] {
    let subscription = environment.subscribe(Interop.InteropCountSubscription(to: 3))
    let snapshots = try await subscription.snapshots.prefix(through: { $0.isFinished }, within: patience)
    #expect(snapshots.last?.fetch.failure == nil, "\(String(describing: snapshots.last?.fetch.failure))")
    var counts: [Int] = []
    for count in snapshots.compactMap(\.latest?.count) where counts.last != count { counts.append(count) }
    return counts
  }

  /// strawberry runs `@defer` (its experimental incremental execution) and answers in the
  /// current incremental-delivery format; ariadne does not run it.
  @Test func aDeferredFragmentFromStrawberryIsPendingThenReady() async throws {
    let environment = Self.environment(try await Self.server(.strawberry))
    let handle = environment.watch(Interop.InteropDeferredQuery(id: "1"))
    let seen = try await handle.snapshots(
      until: { $0.phase.data?.character?.interopDeferredName.value != nil && !$0.fetch.isInFlight }, within: Self.patience)
    #expect(seen.last?.phase.data?.character?.interopDeferredName.value?.name == "Rick Sanchez")
    #expect(!environment.log.events.contains { $0.kind == .missing })
  }

  /// Both read the GraphQL multipart request: strawberry once its view enables multipart
  /// uploads, ariadne through its `upload_scalar`; each measures the file as it reads it.
  @Test(arguments: InteropServer.Kind.allCases)
  func anUploadArrivesByteIdentical(_ kind: InteropServer.Kind) async throws {
    let environment = Self.environment(try await Self.server(kind))
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("baton-interop-\(UUID().uuidString).bin")
    try Data((0..<300_000).map { UInt8($0 % 251) }).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let data = try await environment.mutate(
      Interop.InteropUploadMutation(file: GraphQLUpload(fileURL: file, filename: "pattern.bin")))
    #expect(data.upload.filename == "pattern.bin")
    #expect(data.upload.size == 300_000)
    // 300,000 bytes of `i % 251`, whose SHA-256 Python's `hashlib` gave.
    #expect(data.upload.sha256 == "3c65ea93424a9c362fec0e3a69ea36031e8a358441479dd665cc6110eabe7b08")
  }
}
