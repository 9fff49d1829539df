import BatonImage
import BatonNormalizer
import BatonStore
import BatonTesting
import Foundation
import StoreTestOperations
import Testing

/// The byte budget: past it, the least recently used records no handle holds go, with the
/// released operations that reached them; what a handle holds stays readable, and what
/// went is fetched again when watched again.
@Suite struct BudgetTests {
  /// A character whose name makes its record a few hundred bytes, so that a few fetches
  /// fill a small budget.
  static func character(_ id: Int) -> JSONValue {
    let name = "Character \(id) " + String(repeating: "of a long line of names ", count: 10)
    return ["character": ["__typename": "Character", "id": .string(String(id)), "name": .string(name), "species": "Human", "type": ""]]
  }

  static func name(of id: Int) -> String? {
    character(id)["character"]?["name"].flatMap { if case .string(let name) = $0 { name } else { nil } }
  }

  /// Fetches character `id` through a handle, and lets the handle go unless `keep`.
  static func fetch(
    _ id: Int, in environment: GraphQLEnvironment, transport: ScriptedTransport
  ) async throws -> OperationHandle<CharacterDetail> {
    transport.enqueue(.data(character(id)), for: "CharacterDetail")
    let handle = environment.watch(CharacterDetail(id: String(id)))
    try await handle.settledData()
    return handle
  }

  /// Waits until no handle holds an operation: a dropped handle lets go of it once its
  /// tasks unwind.
  static func released(_ environment: GraphQLEnvironment) async throws {
    try await eventually("every handle released") {
      environment.inspection().operations.allSatisfy { $0.holders == 0 }
    }
  }

  static func evictions(in log: EnvironmentLog) -> [LogEvent] {
    log.events.filter { if case .budgetEvicted = $0.kind { true } else { false } }
  }

  /// `baton-bench store-budget` in small: 400 fetches of new records against a budget of
  /// about 40 of them, every 20th handle held. At each hundred fetches the store and the
  /// file are within the budget, and at the end every held operation reads its data.
  @Test func aRunOfFetchesStaysWithinTheBudgetAndHeldOperationsStayReadable() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-budget-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("image")
    let maximumBytes = 12_000
    let transport = ScriptedTransport()
    let log = EnvironmentLog()
    let environment = GraphQLEnvironment(
      transport: transport, persistence: try FileImage(at: url, maximumBytes: maximumBytes), log: log,
      releaseBufferSize: 10_000)
    #expect(environment.budget.maximumBytes == maximumBytes)
    var held: [Int: OperationHandle<CharacterDetail>] = [:]
    for id in 1...400 {
      let handle = try await Self.fetch(id, in: environment, transport: transport)
      if id % 20 == 0 { held[id] = handle }
      guard id % 100 == 0 else { continue }
      // A dropped handle lets go of its operation once its tasks unwind.
      try await eventually("the store within its budget after \(id) fetches") {
        environment.budget.bytes <= maximumBytes
      }
      environment.flush()
      let fileSize = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
      #expect(fileSize <= maximumBytes, "the image is \(fileSize) bytes after \(id) fetches")
    }
    let budget = environment.budget
    #expect(budget.evictedRecords > 300, "\(budget)")
    #expect(!Self.evictions(in: log).isEmpty)
    #expect(environment.records["Character:1"] == nil)
    for (id, handle) in held {
      #expect(handle.phase.data?.character?.name == Self.name(of: id), "held character \(id)")
      let again = environment.watch(CharacterDetail(id: String(id)), policy: .storeOnly)
      #expect(again.phase.data?.character?.name == Self.name(of: id), "character \(id) read again from the store")
    }
    #expect(transport.requestCount(operationName: "CharacterDetail") == 400)
  }

  @Test func aReleasedOperationThatLostItsRecordsIsFetchedWhenWatchedAgain() async throws {
    let transport = ScriptedTransport()
    let environment = GraphQLEnvironment(transport: transport, releaseBufferSize: 10_000, maximumBytes: 3_000)
    _ = try await Self.fetch(1, in: environment, transport: transport)
    var next = 2
    while environment.records["Character:1"] != nil {
      _ = try await Self.fetch(next, in: environment, transport: transport)
      next += 1
      try #require(next < 100, "the budget never evicted the first character")
    }
    #expect(environment.watch(CharacterDetail(id: "1"), policy: .storeOnly).phase.data?.character == nil)

    let again = try await Self.fetch(1, in: environment, transport: transport)
    #expect(again.phase.data?.character?.name == Self.name(of: 1))
    #expect(transport.requestCount(operationName: "CharacterDetail") == next)
  }

  /// A released operation read again is more recently used than one released after it:
  /// the other goes first.
  @Test func theLeastRecentlyUsedGoesFirst() async throws {
    // The bytes of three characters and of a fourth, measured without a budget.
    let measuring = ScriptedTransport()
    let unbounded = GraphQLEnvironment(transport: measuring)
    for id in 1...3 { _ = try await Self.fetch(id, in: unbounded, transport: measuring) }
    let three = unbounded.budget.bytes
    _ = try await Self.fetch(4, in: unbounded, transport: measuring)
    let four = unbounded.budget.bytes
    #expect(unbounded.budget.maximumBytes == nil && unbounded.budget.evictedRecords == 0)

    let transport = ScriptedTransport()
    let log = EnvironmentLog()
    let maximumBytes = three + (four - three) / 2
    let environment = GraphQLEnvironment(
      transport: transport, log: log, releaseBufferSize: 10_000, maximumBytes: maximumBytes)
    for id in 1...3 { _ = try await Self.fetch(id, in: environment, transport: transport) }
    try await Self.released(environment)
    let first = environment.watch(CharacterDetail(id: "1"), policy: .storeOnly)
    #expect(first.phase.data?.character?.name == Self.name(of: 1))
    _ = consume first
    try await Self.released(environment)
    #expect(Self.evictions(in: log).isEmpty)
    #expect(environment.budget.bytes == three)

    let fourth = try await Self.fetch(4, in: environment, transport: transport)
    let records = environment.records
    #expect(records["Character:2"] == nil, "released before the first was read again")
    #expect(records["Character:1"] != nil, "read again after the second was released")
    #expect(records["Character:4"] != nil)
    #expect(fourth.phase.data?.character?.name == Self.name(of: 4))
    let eviction = try #require(Self.evictions(in: log).first)
    guard case .budgetEvicted(let evicted, let operations, let bytes) = eviction.kind else { return }
    #expect(evicted >= 1 && operations >= 1 && bytes > 0)
    #expect(environment.budget.bytes <= maximumBytes - maximumBytes / 10)
  }

  @Test func theEnvironmentsOwnBudgetOverridesThePersistences() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-budget-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = try FileImage(at: folder.appendingPathComponent("image"), maximumBytes: 5_000)
    #expect(GraphQLEnvironment(transport: ScriptedTransport(), persistence: image).budget.maximumBytes == 5_000)
    #expect(
      GraphQLEnvironment(transport: ScriptedTransport(), persistence: image, maximumBytes: 7_000).budget.maximumBytes
        == 7_000)
    #expect(GraphQLEnvironment(transport: ScriptedTransport(), persistence: MemoryPersistence()).budget.maximumBytes == nil)
  }
}
