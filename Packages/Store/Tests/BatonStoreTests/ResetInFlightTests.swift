import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTesting
import EndToEndOperations
import StoreTestOperations
import Testing

/// A `reset()` (a sign-out) while replies are still coming: what is in flight is cancelled,
/// and neither a mutation's reply nor a deferred part sent for the old session writes
/// anything into the new one. (A subscription's event: `SubscriptionResetTests`.)
@Suite(.serialized, .taped) struct ResetInFlightTests {
  static let shared = SharedServer()

  @Test func aMutationsReplyAfterTheResetIsNotWritten() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    try await server.control(["command": "delay", "ms": 3000, "count": 1])
    let mutation = StoreTests.UpdateNameMutation(id: "1", name: "Pickle Rick")
    let result = Task { try await environment.mutate(mutation, optimisticResponse: mutation.optimisticResponse) }
    try await eventually("the optimistic name is shown") { environment.records["Character:1"]?["name"] != nil }
    // Sent before the reset, which would otherwise cancel it before it left.
    try await eventually("the mutation reached the server") {
      try await server.requestCount(operationName: "UpdateName") == 1
    }
    environment.reset()
    #expect(environment.records.records.isEmpty)
    await #expect(throws: OperationError.self) { try await result.value }
    // The server ran it; the old session's reply stays out of the store.
    #expect(environment.records.records.isEmpty)
  }

  @Test func aMutationInFlightFailsAtTheResetWithoutWaitingForItsReply() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    try await server.control(["command": "delay", "ms": 20_000, "count": 1])
    let mutation = StoreTests.UpdateNameMutation(id: "1", name: "Pickle Rick")
    let result = Task { try await environment.mutate(mutation) }
    try await eventually("the mutation reached the server") {
      try await server.requestCount(operationName: "UpdateName") == 1
    }
    let reset = ContinuousClock.now
    environment.reset()
    await #expect(throws: OperationError.self) { try await result.value }
    // Far under the server's 20 s: the reset cancelled the request.
    #expect(ContinuousClock.now - reset < .seconds(10))
    #expect(environment.records.records.isEmpty)
  }

  @Test func deferredPartsAfterTheResetAreNotWritten() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "delayIncrements", "ms": 3000])
    let environment = IncrementalDeliveryTests.environment(server)
    let handle = environment.watch(EndToEnd.DeferredDetailsQuery(id: "1"))
    try await handle.snapshots(until: { $0.phase.data?.character?.details == .pending })
    environment.reset()
    #expect(environment.records.records.isEmpty)
    // Long enough for the held-back part to have come, had the reply gone on.
    try await Task.sleep(for: .milliseconds(3500))
    #expect(environment.records.records.isEmpty)
    #expect(handle.phase.isLoading)
    #expect(!handle.fetch.isInFlight)
  }
}
