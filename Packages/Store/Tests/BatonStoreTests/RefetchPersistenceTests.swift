import BatonNormalizer
import BatonStore
import BatonTesting
import Foundation
import Synchronization
import Testing

/// What an awaited refetch returned has been handed to persistence first, even when the
/// fetch settled before its task was recorded (a fast reply, a busy lock).
@Suite struct RefetchPersistenceTests {
  static let rounds = 1_000

  @Test func anAwaitedRefetchHasHandedWhatItWroteToPersistence() async throws {
    let replies = Locked(0)
    let transport = ScriptedTransport(
      unscripted: .computed { _ in
        let round = replies.withLock { replies in
          replies += 1
          return replies
        }
        return .data(["character": ["__typename": "Character", "id": "1", "name": .string("Rick \(round)"), "species": "Human", "type": nil]])
      })
    let persistence = SlowSaves()
    let environment = GraphQLEnvironment(transport: transport, persistence: persistence)
    let handle = environment.watch(CharacterDetail(id: "1"))
    try await handle.settledData()

    // Holds the store's lock often, so a fetch's task often settles before `launch` gets
    // the lock to record it; and lets go of the core as often, so that the suites running
    // beside this one on a machine of two cores are not starved.
    let stop = Locked(false)
    let busy = Thread {
      while !stop.withLock({ $0 }) {
        environment.commitUpdate { _ in usleep(100) }
        usleep(100)
      }
    }
    busy.start()
    defer { stop.withLock { $0 = true } }

    var behind: [Int] = []
    for _ in 0..<Self.rounds {
      await handle.refetch()
      let round = replies.withLock { $0 }
      if persistence.savedName != "Rick \(round)" { behind.append(round) }
    }
    #expect(behind.isEmpty, "refetches that returned before their image was handed over: \(behind.prefix(10))")
  }
}

/// A persistence whose saves take a moment, keeping the name of `Character:1` in the
/// last image whose save is done.
private final class SlowSaves: Persistence {
  private let name = Mutex<String?>(nil)

  var savedName: String? { name.withLock { $0 } }

  func load() throws -> StoreImage? { nil }

  func save(_ image: StoreImage) throws {
    usleep(300)
    guard case .scalar(.string(let saved))? = image.records["Character:1"]?["name"]?.value else { return }
    name.withLock { $0 = saved }
  }

  func flush() {}
}
