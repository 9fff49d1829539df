import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTesting
import StoreTestOperations
import Testing

/// What a `@catch` on a fragment caught is part of what a handle shows: a refetch that
/// changes the caught errors alone, the fields reading as before, publishes a snapshot.
@Suite(.serialized, .taped) struct CaughtErrorsNotificationTests {
  static let shared = SharedServer()

  /// The caught errors the watched card reads, `nil` when it reads as a success.
  static func caughtMessages(_ snapshot: OperationSnapshot<StoreTests.CaughtTypeCardQuery.Data>) -> [String]? {
    guard case .failure(let errors)? = snapshot.phase.data?.character?.caughtTypeCard else { return nil }
    return errors.errors.map(\.message)
  }

  @Test func anErrorTheServerStartsOrStopsSendingReachesTheHandle() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let handle = environment.watch(StoreTests.CaughtTypeCardQuery(id: "1"))
    let first = try await handle.settledData()
    let card = try first.character?.caughtTypeCard.get()
    #expect(card?.name == "Rick Sanchez" && card?.type == nil)

    try await server.control(["command": "fieldError", "target": "Character:1.type", "message": "type unavailable"])
    await handle.refetch()
    let failed = try await handle.snapshots(until: { Self.caughtMessages($0) != nil }, within: .seconds(10))
    #expect(failed.last.flatMap(Self.caughtMessages) == ["type unavailable"])
    let cached = environment.watch(StoreTests.CaughtTypeCardQuery(id: "1"), policy: .storeOnly)
    #expect(Self.caughtMessages(cached.snapshot) == ["type unavailable"])

    try await server.control(["command": "clearFieldErrors"])
    await handle.refetch()
    let healed = try await handle.snapshots(until: { $0.phase.data != nil && Self.caughtMessages($0) == nil }, within: .seconds(10))
    #expect(try healed.last?.phase.data?.character?.caughtTypeCard.get().name == "Rick Sanchez")
  }
}
