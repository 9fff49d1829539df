import BatonNormalizer
import BatonStore
import BatonTestServer
import BatonTesting
import Foundation
import StoreTestOperations
import TestPrerequisites
import Testing

/// 200 concurrent fetches, mutations with optimistic layers, writes and handle drops on one
/// environment, and stale timers set, moved, fired and cancelled while the clock moves;
/// Tools/test.sh also runs these under the thread sanitizer. The store checks its
/// invariants after every update (a debug build), and none may break.
@Suite(.requires(.testServer)) struct StressTests {
  /// Runs `body` with the runtime issues of broken store invariants collected, and expects
  /// none.
  static func keepingInvariants(_ body: () async throws -> Void) async throws {
    let issues = RuntimeIssueRecorder()
    try await RuntimeIssues.withHandler(issues.handler) {
      try await body()
    }
    #expect(issues.messages.filter { $0.contains("broke its invariant") } == [])
  }

  @Test func concurrentFetchesWritesAndDropsLoseNothing() async throws {
    try await Self.keepingInvariants(concurrentFetchesWritesAndDrops)
  }

  private func concurrentFetchesWritesAndDrops() async throws {
    let server = try await TestServer.start()
    defer { server.stop() }
    let environment = server.environment()
    try environment.commitPayload(
      CharacterDetail(id: "counter"),
      ["character": ["__typename": "Character", "id": "counter", "name": "0", "species": "Counter", "type": nil]])
    let counter = environment.watch(CharacterDetail(id: "counter"), policy: .storeOnly)

    await withTaskGroup(of: Void.self) { group in
      for task in 0..<200 {
        let character = String(task % 40 + 1)
        group.addTask {
          switch task % 5 {
          case 0:
            let handle = environment.watch(CharacterDetail(id: character), policy: .networkOnly)
            _ = try? await handle.settledData()
          case 1:
            _ = environment.watch(CharacterDetail(id: character), policy: .storeAndNetwork)
          case 2:
            environment.commitUpdate { records in
              let current = records["Character:counter"]?["name"]?.value
              let value = if case .scalar(.string(let text))? = current { Int(text) ?? 0 } else { 0 }
              records.setValue(.scalar(.string(String(value + 1))), forKey: "name", on: "Character:counter")
            }
          case 3:
            await environment.watch(CharacterDetail(id: character)).refetch()
          default:
            let optimistic = StoreTests.UpdateNameMutation(id: character, name: "Optimistic \(task)").optimisticResponse
            _ = try? await environment.mutate(
              StoreTests.UpdateNameMutation(id: character, name: "Mutated \(task)"), optimisticResponse: optimistic)
          }
        }
      }
    }
    #expect(counter.phase.data?.character?.name == "40")
    // Every optimistic layer went when its mutation settled.
    let names = environment.records.records.values.compactMap { record -> String? in
      if case .scalar(.string(let name))? = record["name"]?.value { name } else { nil }
    }
    #expect(!names.contains { $0.hasPrefix("Optimistic") })
    // Characters fetched to the end by tasks 0 and 3 (mod 5) read from the store.
    for task in 0..<200 where task % 5 == 0 || task % 5 == 3 {
      let cached = environment.watch(CharacterDetail(id: String(task % 40 + 1)), policy: .storeOnly)
      #expect(cached.phase.data?.character?.id == String(task % 40 + 1))
    }
  }

  @Test func staleTimersUnderConcurrentFetchesInvalidationsDropsAndClockMoves() async throws {
    try await Self.keepingInvariants(staleTimersUnderConcurrentWork)
  }

  private func staleTimersUnderConcurrentWork() async throws {
    let server = try await TestServer.start()
    defer { server.stop() }
    let clock = ManualClock()
    let environment = server.environment(staleAfter: .seconds(60), clock: clock)
    let held = (1...10).map { environment.watch(CharacterDetail(id: String($0))) }
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<100 {
        let character = String(task % 10 + 1)
        group.addTask {
          switch task % 4 {
          case 0: clock.advance(by: .seconds(7))
          case 1: await environment.watch(CharacterDetail(id: character)).refetch()
          // Dropped as soon as it has data: its operation's wake-up is cancelled.
          case 2: _ = try? await environment.watch(CharacterDetail(id: String(task % 10 + 11))).settledData()
          default: environment.invalidate(record: RecordID("Character:\(character)"))
          }
        }
      }
    }
    for handle in held { await handle.refetch() }
    let streams = held.map(\.snapshots)
    clock.advance(by: .seconds(60))
    for stream in streams {
      let flip = try await stream.prefix(through: { $0.isStale })
      #expect(flip.last?.fetch == .idle && flip.last?.phase.data != nil)
    }
    try await eventually("every wake-up fired or cancelled") { clock.sleeperDeadlines.isEmpty }
  }
}
