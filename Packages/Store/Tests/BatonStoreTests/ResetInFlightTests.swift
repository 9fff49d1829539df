import BatonNormalizer
import BatonStore
import BatonTestServer
import BatonTesting
import EndToEndOperations
import StoreTestOperations
import TestPrerequisites
import Testing

/// A `reset()` (a sign-out) while replies are still coming: neither a mutation's reply nor
/// a deferred part sent for the old session writes anything into the new one.
@Suite(.serialized, .requires(.testServer)) struct ResetInFlightTests {
  static let shared = SharedServer()

  @Test func aMutationsReplyAfterTheResetIsNotWritten() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    try await server.control(["command": "delay", "ms": 3000, "count": 1])
    let mutation = StoreTests.UpdateNameMutation(id: "1", name: "Pickle Rick")
    let result = Task { try await environment.mutate(mutation, optimisticResponse: mutation.optimisticResponse) }
    try await eventually("the optimistic name is shown") { environment.records["Character:1"]?["name"] != nil }
    environment.reset()
    #expect(environment.records.records.isEmpty)
    await #expect(throws: OperationError.self) { try await result.value }
    // The server did run it; the old session's reply stays out of the store.
    #expect(try await server.requestCount(operationName: "UpdateName") == 1)
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
