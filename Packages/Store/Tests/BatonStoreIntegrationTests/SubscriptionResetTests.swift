import BatonNormalizer
import BatonStore
import BatonTestServer
import BatonTesting
import StoreTestOperations
import TestPrerequisites
import Testing

/// A `reset()` (a sign-out) while a subscription runs: it ends, and an event the server
/// sends for the old session writes nothing into the new one. (The other replies in
/// flight at a reset: `ResetInFlightTests`.)
@Suite(.serialized, .requires(.testServer)) struct SubscriptionResetTests {
  static let shared = SharedServer()

  @Test func aSubscriptionEndsAtTheResetAndWritesNoLaterEvent() async throws {
    let server = try await Self.shared.fresh()
    let environment = SubscriptionTests.environment(server)
    let subscription = environment.subscribe(CharacterUpdatedSubscription(id: "1"))
    try await SubscriptionTests.running(subscription, on: server)
    environment.reset()
    try await server.control(["command": "publish", "key": "Character:1", "set": ["name": "Rick II"]])
    _ = try await subscription.snapshots.prefix(through: { $0.isFinished }, within: SubscriptionTests.patience)
    #expect(subscription.latest == nil)
    #expect(environment.records.records.isEmpty)
    try await eventually("the socket is closed", within: SubscriptionTests.patience) {
      try await server.sockets()["open"]?.intValue == 0
    }
  }
}
