import BatonNormalizer
import BatonTestServer
import BatonTesting
@testable import BatonTransport
import Foundation
import Observation
import StoreTestOperations
import TestPrerequisites
import Testing
@_spi(BatonDevelopment) @testable import BatonStore

/// A write reaches only the handles that read what it changed.
@Suite struct NotificationTests {
  /// An environment whose transport is never used: every handle here is `storeOnly`.
  static func offlineEnvironment() -> GraphQLEnvironment {
    GraphQLEnvironment(transport: HTTPTransport(endpoint: URL(fileURLWithPath: "/nonexistent")))
  }

  static func payload(_ id: Int, name: String) -> JSONValue {
    ["character": ["__typename": "Character", "id": .string(String(id)), "name": .string(name), "species": "Human", "type": nil]]
  }

  @Test func writeToOneCharacterRereadsOnlyItsHandles() async throws {
    // A thousand writes and handles take seconds in a debug build: on a thread of its own,
    // so that the run's other suites keep Swift concurrency's threads meanwhile.
    let seen = try await onOwnThread { try Self.renameOneOfAThousand() }
    #expect(seen.everyHandleReady)
    #expect(seen.reread == ["500"])
    #expect(seen.renamed == "Renamed")
    // Writing what is already there changes no record: nobody is re-read.
    #expect(seen.rereadBySameWrite.isEmpty)
  }

  /// What a thousand handles saw of one character's rename, then of the same write again.
  struct RenameOutcome: Sendable {
    var everyHandleReady: Bool
    var reread: [String]
    var renamed: String?
    var rereadBySameWrite: [String]
  }

  static func renameOneOfAThousand() throws -> RenameOutcome {
    let environment = offlineEnvironment()
    for id in 1...1000 { try environment.commitPayload(CharacterDetail(id: String(id)), payload(id, name: "Character \(id)")) }
    let handles = (1...1000).map { environment.watch(CharacterDetail(id: String($0)), policy: .storeOnly) }
    let everyHandleReady = handles.allSatisfy { $0.phase.data?.character != nil }
    func rereadSince(_ counts: [Int]) -> [String] {
      zip(handles, counts).filter { $0.0.readCount != $0.1 }.map { $0.0.request.id }
    }
    let rename: JSONValue = ["character": ["__typename": "Character", "id": "500", "name": "Renamed"]]
    let before = handles.map(\.readCount)
    try environment.commitPayload(CharacterDetail(id: "500"), rename)
    let reread = rereadSince(before)
    let renamed = handles[499].phase.data?.character?.name
    let again = handles.map(\.readCount)
    try environment.commitPayload(CharacterDetail(id: "500"), rename)
    return RenameOutcome(
      everyHandleReady: everyHandleReady, reread: reread, renamed: renamed, rereadBySameWrite: rereadSince(again))
  }

  /// A few handles find a write's readers through their own seen records, many through the
  /// store's index: a write reaches the same handles either way, as handles come and go
  /// across the limit.
  @Test func aWriteReachesItsReadersAsHandlesComeAndGoAcrossTheIndexLimit() throws {
    let environment = Self.offlineEnvironment()
    for id in 1...8 { try environment.commitPayload(CharacterDetail(id: String(id)), Self.payload(id, name: "Character \(id)")) }
    func rename(_ id: Int, _ name: String) throws {
      try environment.commitPayload(
        CharacterDetail(id: String(id)), ["character": ["__typename": "Character", "id": .string(String(id)), "name": .string(name)]])
    }
    var handles = [environment.watch(CharacterDetail(id: "1"), policy: .storeOnly)]
    try rename(1, "One")
    #expect(handles[0].phase.data?.character?.name == "One")

    for id in 2...8 { handles.append(environment.watch(CharacterDetail(id: String(id)), policy: .storeOnly)) }
    #expect(handles.count > StoreHandles.unindexedHandleLimit)
    var before = handles.map(\.readCount)
    try rename(5, "Five")
    #expect(zip(handles, before).filter { $0.0.readCount != $0.1 }.map { $0.0.request.id } == ["5"])
    #expect(handles[4].phase.data?.character?.name == "Five")

    handles.removeLast(6)
    before = handles.map(\.readCount)
    try rename(2, "Two")
    try rename(7, "Seven")
    #expect(handles.map(\.readCount) == [before[0], before[1] + 1])
    #expect(handles[1].phase.data?.character?.name == "Two")
  }

  @Test func changeToAFieldNobodyReadsRereadsButDoesNotNotify() async throws {
    let environment = Self.offlineEnvironment()
    try environment.commitPayload(CharacterDetail(id: "1"), Self.payload(1, name: "Rick"))
    let handle = environment.watch(CharacterDetail(id: "1"), policy: .storeOnly)
    let stream = handle.snapshots
    environment.commitUpdate { $0.setValue(.scalar("ALIVE"), forKey: "status", on: "Character:1") }
    environment.commitUpdate { $0.setValue(.scalar("Rick C-137"), forKey: "name", on: "Character:1") }
    let names = try await waiting(for: "the second name") {
      var names: [String?] = []
      for await snapshot in stream {
        names.append(snapshot.phase.data?.character?.name)
        if names.count == 2 { break }
      }
      return names
    }
    #expect(names == ["Rick", "Rick C-137"])
    #expect(handle.readCount == 3)
  }

  @Test func writeToAFieldOnlyAFragmentReadsReachesTheHandle() throws {
    let environment = Self.offlineEnvironment()
    try environment.commitPayload(CharacterDetail(id: "1"), Self.payload(1, name: "Rick"))
    let handle = environment.watch(StoreTests.CharacterCardQuery(id: "1"), policy: .storeOnly)
    #expect(handle.phase.data?.character?.characterCard.name == "Rick")
    environment.commitUpdate { $0.setValue(.scalar("Tiny Rick"), forKey: "name", on: "Character:1") }
    #expect(handle.phase.data?.character?.characterCard.name == "Tiny Rick")
    environment.commitUpdate { $0.setValue(.null, forKey: "species", on: "Character:1") }
    let logged = environment.log.events.first { if case .unexpected = $0.kind { true } else { false } }
    #expect(logged?.owner == .fragment("CharacterCard") && logged?.field == "species")
  }

  @Test func observationHearsAChange() throws {
    let environment = Self.offlineEnvironment()
    try environment.commitPayload(CharacterDetail(id: "1"), Self.payload(1, name: "Rick"))
    let handle = environment.watch(CharacterDetail(id: "1"), policy: .storeOnly)
    let changed = Flag()
    withObservationTracking {
      _ = handle.phase
    } onChange: {
      changed.set()
    }
    try environment.commitPayload(CharacterDetail(id: "2"), Self.payload(2, name: "Morty"))
    #expect(!changed.isSet)
    try environment.commitPayload(CharacterDetail(id: "1"), Self.payload(1, name: "Tiny Rick"))
    #expect(changed.isSet)
  }
}
