import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTesting
import EndToEndOperations
import Testing

/// Dropping the last handle of an operation whose deferred parts are still coming stops
/// the rest of the reply, as it cancels a fetch in flight: the parts that never arrived read
/// failed, not pending forever, and the operation is stale, so the next watch fetches them.
@Suite(.serialized, .taped) struct IncrementalReleaseTests {
  static let shared = SharedServer()

  @Test func droppingTheLastHandleStopsTheRestOfTheReply() async throws {
    let server = try await Self.shared.fresh()
    // Held back long enough that even a loaded machine drops the handle before it comes.
    try await server.control(["command": "delayIncrements", "ms": 10_000])
    let environment = IncrementalDeliveryTests.environment(server)
    var handle: OperationHandle<EndToEnd.DeferredDetailsQuery>? = environment.watch(EndToEnd.DeferredDetailsQuery(id: "1"))
    try await handle?.snapshots(until: { $0.phase.data?.character?.details == .pending })
    handle = nil

    // Had the reply gone on, the part would read ready 10 s after the initial payload.
    try await eventually("the part that never arrived reads failed") {
      let cached = environment.watch(EndToEnd.DeferredDetailsQuery(id: "1"), policy: .storeOnly)
      #expect(cached.phase.data?.character?.details.value == nil)
      if case .failed? = cached.phase.data?.character?.details { return true }
      return false
    }
    let cached = environment.watch(EndToEnd.DeferredDetailsQuery(id: "1"), policy: .storeOnly)
    #expect(cached.phase.data?.character?.details == .failed([FieldError(message: "The response ended before this part arrived.")]))
    #expect(cached.isStale)
    IncrementalDeliveryTests.expectNothingMissing(environment)

    try await server.control(["command": "delayIncrements", "ms": 0])
    let again = environment.watch(EndToEnd.DeferredDetailsQuery(id: "1"))
    let ready = try await again.snapshots(until: { $0.phase.data?.character?.details.value != nil }, within: .seconds(20))
    #expect(ready.last?.phase.data?.character?.details.value?.species == "Human")
    #expect(try await server.requestCount(operationName: "DeferredDetails") == 2)
  }
}
