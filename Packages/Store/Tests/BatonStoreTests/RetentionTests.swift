import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTesting
import Foundation
import Testing

/// The release buffer: operations no handle holds stay up to `releaseBufferSize`, then the
/// least recently released goes with the records only it reached, in memory and in the image.
@Suite(.serialized, .taped) struct RetentionTests {
  static let shared = SharedServer()

  /// Fetches each character's operation and drops its handle, in order. A dropped handle
  /// is released once the tasks that waited on it have unwound, so tests wait for the
  /// effect they expect with `eventually`.
  static func fetchAndDrop(_ ids: [String], in environment: GraphQLEnvironment) async throws {
    for id in ids {
      let handle = environment.watch(CharacterDetail(id: id))
      try await handle.settledData()
    }
  }

  @Test func beyondTheBufferTheLeastRecentlyReleasedGoesWithItsRecords() async throws {
    let server = try await Self.shared.fresh()
    let persistence = MemoryPersistence()
    let environment = server.environment(persistence: persistence, releaseBufferSize: 1)
    try await Self.fetchAndDrop(["1", "2", "3"], in: environment)

    try await eventually("Morty's operation dropped") { environment.records["Character:2"] == nil }
    #expect(environment.records["Character:1"] == nil)
    #expect(environment.records["Character:3"]?["name"]?.value == .scalar("Summer Smith"))
    #expect(environment.records[.root]?[#"character(id:"3")"#] != nil)

    let gone = environment.watch(CharacterDetail(id: "1"), policy: .storeOnly)
    guard case .failed(.notInStore) = gone.phase else {
      Issue.record("a dropped operation read from the store: \(gone.phase)")
      return
    }
    let kept = environment.watch(CharacterDetail(id: "3"), policy: .storeOnly)
    #expect(kept.phase.data?.character?.name == "Summer Smith")

    environment.flush()
    let image = try #require(persistence.image)
    #expect(Set(image.operations.map { $0.variables["id"] }) == [.string("1"), .string("3")])
    #expect(try await server.requestCount(operationName: "CharacterDetail") == 3)
  }

  @Test func anOperationAHandleHoldsIsNeverDropped() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment(releaseBufferSize: 0)
    let held = environment.watch(CharacterDetail(id: "1"))
    try await held.settledData()
    try await Self.fetchAndDrop(["2"], in: environment)
    try await eventually("Morty's operation dropped") { environment.records["Character:2"] == nil }
    #expect(environment.records["Character:1"] != nil)
    #expect(held.phase.data?.character?.name == "Rick Sanchez")
    let again = environment.watch(CharacterDetail(id: "1"), policy: .storeOnly)
    #expect(again.phase.data?.character?.name == "Rick Sanchez")
  }

  @Test func watchingAReleasedOperationAgainKeepsIt() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment(releaseBufferSize: 1)
    try await Self.fetchAndDrop(["1", "2"], in: environment)
    let morty = environment.watch(CharacterDetail(id: "2"), policy: .storeOnly)
    try await Self.fetchAndDrop(["3", "4"], in: environment)

    try await eventually("Summer's operation dropped") { environment.records["Character:3"] == nil }
    #expect(morty.phase.data?.character?.name == "Morty Smith")
    #expect(environment.records["Character:2"] != nil)
    #expect(environment.records["Character:4"] != nil)
  }

  @Test func anImageLargerThanTheBufferLoadsItsNewestOperations() async throws {
    let server = try await Self.shared.fresh()
    let clock = ManualClock()
    let persistence = MemoryPersistence()
    let first = server.environment(clock: clock, persistence: persistence)
    for id in ["1", "2", "3"] {
      try await Self.fetchAndDrop([id], in: first)
      clock.advance(by: .seconds(60))
    }
    first.flush()
    #expect(persistence.image?.operations.count == 3)

    let relaunched = server.environment(clock: clock, persistence: MemoryPersistence(persistence.image), releaseBufferSize: 2)
    #expect(relaunched.records["Character:1"] == nil)
    #expect(relaunched.watch(CharacterDetail(id: "2"), policy: .storeOnly).phase.data?.character?.name == "Morty Smith")
    #expect(relaunched.watch(CharacterDetail(id: "3"), policy: .storeOnly).phase.data?.character?.name == "Summer Smith")
  }

  /// A launch with more operations than the relaunch's buffer holds.
  struct Relaunch: Sendable, CustomTestStringConvertible {
    var released: Int
    var held: Int
    var buffer: Int
    /// Whether the held operations fetched before the released ones (so they are the oldest).
    var heldFetchedFirst: Bool
    var testDescription: String { "\(released) released + \(held) held, buffer \(buffer)\(heldFetchedFirst ? ", held fetched first" : "")" }
  }

  /// Operations a handle held at the save were the most recently used: a relaunch whose
  /// image holds more operations than its buffer keeps every one of them with its records.
  @Test(arguments: [
    Relaunch(released: 100, held: 5, buffer: 100, heldFetchedFirst: false),
    Relaunch(released: 100, held: 5, buffer: 100, heldFetchedFirst: true),
    Relaunch(released: 140, held: 10, buffer: 140, heldFetchedFirst: false),
  ])
  func aRelaunchKeepsEveryOperationHeldAtTheSave(_ launch: Relaunch) async throws {
    let server = try await Self.shared.fresh()
    let persistence = MemoryPersistence()
    let first = server.environment(persistence: persistence, releaseBufferSize: launch.buffer)
    // Characters 1...40 exist; ids past them read `character: null`, an operation of its own all the same.
    let releasedIDs = (0..<launch.released).map { String(41 + $0) }
    var held: [OperationHandle<CharacterDetail>] = []
    if !launch.heldFetchedFirst { try await Self.fetchAndDrop(releasedIDs, in: first) }
    for id in 1...launch.held {
      let handle = first.watch(CharacterDetail(id: String(id)))
      try await handle.settledData()
      held.append(handle)
    }
    if launch.heldFetchedFirst { try await Self.fetchAndDrop(releasedIDs, in: first) }
    first.flush()
    let image = try #require(persistence.image)
    #expect(image.operations.count == launch.released + launch.held)

    let relaunched = server.environment(persistence: MemoryPersistence(image), releaseBufferSize: launch.buffer)
    let empty = held.enumerated().compactMap { index, handle -> String? in
      let id = String(index + 1)
      let again = relaunched.watch(CharacterDetail(id: id), policy: .storeOnly)
      return again.phase.data?.character == nil || again.phase.data != handle.phase.data ? id : nil
    }
    #expect(empty.isEmpty, "\(empty.count) of \(launch.held) held operations read nothing after the relaunch: \(empty)")
  }
}
