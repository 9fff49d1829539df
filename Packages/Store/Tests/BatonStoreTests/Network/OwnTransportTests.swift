import BatonNormalizer
import BatonStore
import BatonTesting
import BatonTransport
import EndToEndOperations
import Foundation
import Testing

/// A team's own transport, which the store meets only through the `Transport` protocol,
/// gets what `HTTPTransport` gets: its payloads delivered in parts, its status read by the
/// chain's parts, its retries shown on the handle.
@Suite struct OwnTransportTests {
  /// Answers each request with the next reply of its script: payloads with their statuses,
  /// one after another, or a failure.
  final class PayloadScript: Transport {
    enum Reply: Sendable {
      case payloads([TransportPayload])
      case failure(TransportError)
    }

    private let script: Locked<(replies: [Reply], requests: [GraphQLRequest])>

    init(_ replies: [Reply]) {
      script = Locked((replies, []))
    }

    var requests: [GraphQLRequest] { script.withLock { $0.requests } }

    func send(_ request: GraphQLRequest, in context: TransportContext) -> TransportReplies {
      let reply = script.withLock { script -> Reply in
        script.requests.append(request)
        guard !script.replies.isEmpty else { return .failure(TransportError(.transport, "nothing scripted")) }
        return script.replies.removeFirst()
      }
      let (replies, continuation) = TransportReplies.makeStream()
      switch reply {
      case .payloads(let payloads):
        for payload in payloads { continuation.yield(.payload(payload)) }
        continuation.finish()
      case .failure(let error):
        continuation.finish(throwing: error)
      }
      return replies
    }
  }

  /// Hands out `token-0`, then `token-1` once refreshed; counts its refreshes.
  final class CountingTokens: TokenProvider {
    private let refreshCount = Locked(0)
    var refreshes: Int { refreshCount.withLock { $0 } }

    func token() async throws -> String? { "token-\(refreshes)" }

    func refreshedToken(replacing rejected: String?) async throws -> String {
      "token-\(refreshCount.withLock { count in count += 1; return count })"
    }
  }

  static func json(_ text: String, status: Int? = 200) -> TransportPayload {
    TransportPayload(Array(text.utf8), status: status)
  }

  static let initial = json(#"""
    {"data":{"character":{"__typename":"Character","id":"1","name":"Rick Sanchez"}},\#
    "pending":[{"id":"0","path":["character"],"label":"details"}],"hasNext":true}
    """#)
  static let subsequent = json(#"""
    {"incremental":[{"id":"0","data":{"species":"Human",\#
    "origin":{"__typename":"Location","id":"20","name":"Earth (C-137)"}}}],"completed":[{"id":"0"}],"hasNext":false}
    """#)
  static let rick = json(#"""
    {"data":{"character":{"__typename":"Character","id":"1","name":"Rick Sanchez",\#
    "origin":{"__typename":"Location","id":"1","name":"Earth (C-137)"}}}}
    """#)

  @Test func deferredPartsOfATeamsTransportReachTheHandle() async throws {
    let transport = PayloadScript([.payloads([Self.initial, Self.subsequent])])
    let environment = GraphQLEnvironment(transport: transport)
    let handle = environment.watch(EndToEnd.DeferredDetailsQuery(id: "1"))
    let snapshots = try await handle.snapshots(until: { $0.phase.data?.character?.details.value != nil })
    let details = try #require(snapshots.last?.phase.data?.character?.details.value)
    #expect(details.species == "Human")
    #expect(details.origin?.name == "Earth (C-137)")
    #expect(snapshots.last?.phase.data?.character?.name == "Rick Sanchez")
    #expect(transport.requests.map(\.usesIncrementalDelivery) == [true])
    #expect(!environment.log.events.contains { $0.kind == .missing })
  }

  @Test func aChainInFrontOfATeamsTransportPassesTheLaterPayloadsOn() async throws {
    let transport = PayloadScript([.payloads([Self.initial, Self.subsequent])])
    let environment = GraphQLEnvironment(transport: TransportChain([RetryPart()], to: transport))
    let handle = environment.watch(EndToEnd.DeferredDetailsQuery(id: "1"))
    let snapshots = try await handle.snapshots(until: { $0.phase.data?.character?.details.value != nil })
    #expect(snapshots.contains { $0.phase.data?.character?.details == .pending })
    #expect(snapshots.last?.phase.data?.character?.details.value?.species == "Human")
  }

  /// A 401 whose body is a GraphQL error response, without `UNAUTHENTICATED`: only its
  /// status says the token was refused.
  @Test func aTeamsTransportsStatusReachesTheAuthPart() async throws {
    let refused = Self.json(#"{"errors":[{"message":"The token expired."}]}"#, status: 401)
    let transport = PayloadScript([.payloads([refused]), .payloads([Self.rick])])
    let tokens = CountingTokens()
    let environment = GraphQLEnvironment(transport: TransportChain([AuthPart(tokens: tokens)], to: transport))
    let handle = environment.watch(EndToEnd.RickOriginNameQuery(id: "1"))
    let snapshots = try await handle.snapshots(until: { $0.phase.data != nil || $0.fetch.failure != nil })
    #expect(snapshots.last?.phase.data?.character?.name == "Rick Sanchez")
    #expect(tokens.refreshes == 1)
    #expect(transport.requests.map { $0.headers["Authorization"] } == ["Bearer token-0", "Bearer token-1"])
  }

  @Test func aRetryOfATeamsTransportShowsOnTheHandleAndWaitsOnTheEnvironmentsClock() async throws {
    let clock = ManualClock()
    let transport = PayloadScript([.failure(TransportError(.http(status: 503), "busy")), .payloads([Self.rick])])
    let environment = GraphQLEnvironment(
      transport: TransportChain([RetryPart(initialDelay: .seconds(10), jitter: 0)], to: transport), clock: clock)
    let handle = environment.watch(EndToEnd.RickOriginNameQuery(id: "1"))
    let waiting = try await handle.snapshots(until: { if case .retrying = $0.fetch { true } else { false } })
    guard case .retrying(let attempt, let next)? = waiting.last?.fetch else { throw TimedOut(description: "no retry") }
    #expect(attempt == 2)
    #expect(next == clock.now.addingTimeInterval(10))
    #expect(transport.requests.count == 1)
    clock.advance(by: .seconds(10))
    let done = try await handle.snapshots(until: { $0.phase.data != nil })
    #expect(done.last?.phase.data?.character?.name == "Rick Sanchez")
    #expect(transport.requests.count == 2)
  }
}

extension OwnTransportTests {
  /// A team's transport that also carries subscriptions.
  struct Both: Transport, SubscriptionTransport {
    func send(_ request: GraphQLRequest, in context: TransportContext) -> TransportReplies {
      .payload { throw TransportError(.transport, "not sent") }
    }

    func subscribe(_ request: GraphQLRequest) -> AsyncThrowingStream<SubscriptionEvent, any Error> {
      AsyncThrowingStream { $0.finish() }
    }
  }

  /// Subscriptions swap in their one argument, as persistence and heal do: the environment
  /// does not ask the transport what else it can do.
  @Test func subscriptionsGoOnlyOverTheSubscriptionTransportPassed() {
    #expect(GraphQLEnvironment(transport: Both()).subscriptionTransport == nil)
    #expect(GraphQLEnvironment(transport: Both(), subscriptionTransport: Both()).subscriptionTransport != nil)
  }
}
