import BatonNormalizer
import BatonStore
import BatonTestServer
import BatonTesting
import Foundation
import ImageTestOperations
import TestPrerequisites
import Testing
@testable import BatonImage

/// A store filled from the loopback server, saved, and loaded by a new environment (a
/// relaunch) reads as it did: data, field errors, operation errors and staleness.
@Suite(.serialized, .requires(.testServer)) struct EnvironmentRoundTripTests {
  static let shared = SharedServer()

  /// Watches the three requests with `policy` and waits for their data.
  static func watchAll(_ environment: GraphQLEnvironment, policy: FetchPolicy) async throws -> (
    OperationHandle<ImageTests.CharacterDetailQuery>, OperationHandle<ImageTests.CharacterDetailQuery>, OperationHandle<ImageTests.CharacterPageQuery>
  ) {
    let rick = environment.watch(ImageTests.CharacterDetailQuery(id: "1"), policy: policy)
    let summer = environment.watch(ImageTests.CharacterDetailQuery(id: "3"), policy: policy)
    let page = environment.watch(ImageTests.CharacterPageQuery(page: .value(2)), policy: policy)
    try await rick.settledData()
    try await summer.settledData()
    try await page.settledData()
    return (rick, summer, page)
  }

  @Test func aRelaunchReadsWhatTheLastLaunchRead() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(
      ["command": "fieldError", "target": "Character:1.type", "message": "type unavailable", "extensions": ["code": "UNAVAILABLE"]],
      ["command": "fieldError", "target": "Location:1.dimension", "message": "dimension unknown"],
      ["command": "fieldError", "path": ["characters", "results", 3, "location"], "message": "no location"])
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let clock = ManualClock()

    let first = server.environment(
      staleAfter: .seconds(300), clock: clock, persistence: try FileImage(at: url, debounce: .zero))
    let (rick, summer, page) = try await Self.watchAll(first, policy: .storeOrNetwork)
    #expect(rick.fieldErrors.count == 2)
    #expect(page.fieldErrors.count == 1)
    try await first.flushUntilSaved(to: url)
    let saved = try #require(try FileImage(at: url).load())
    #expect(saved.records == first.records)
    #expect(saved.operations.count == 3)

    // A relaunch 100 s later: nothing is stale, nothing is fetched, everything reads the same.
    clock.advance(by: .seconds(100))
    let requestsBefore = try await server.requestCount(operationName: "CharacterDetail")
    let second = server.environment(
      staleAfter: .seconds(300), clock: clock, persistence: try FileImage(at: url, debounce: .zero))
    #expect(second.log.events.contains { $0.kind == .imageLoaded(records: saved.records.count, operations: 3) })
    let (rick2, summer2, page2) = try await Self.watchAll(second, policy: .storeOrNetwork)
    for (before, after) in [(rick.snapshot, rick2.snapshot), (summer.snapshot, summer2.snapshot)] {
      #expect(after.phase.data == before.phase.data)
      #expect(after.fieldErrors == before.fieldErrors)
      #expect(after.operationErrors == before.operationErrors)
      #expect(!after.isStale && !after.isRefreshing)
    }
    #expect(page2.phase.data == page.phase.data)
    #expect(page2.fieldErrors == page.fieldErrors)
    #expect(!page2.isStale)
    #expect(try await server.requestCount(operationName: "CharacterDetail") == requestsBefore)
    #expect(second.records == first.records)
  }

  @Test func staleStaysStaleAcrossARelaunch() async throws {
    let server = try await Self.shared.fresh()
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let clock = ManualClock()
    let first = server.environment(
      staleAfter: .seconds(300), clock: clock, persistence: try FileImage(at: url, debounce: .zero))
    _ = try await Self.watchAll(first, policy: .storeOrNetwork)
    // Only cache holders now: invalidating marks stale and fetches nothing.
    let cached = first.watch(ImageTests.CharacterDetailQuery(id: "3"), policy: .storeOnly)
    first.invalidate(record: "Character:3")
    #expect(cached.isStale)
    try await first.flushUntilSaved(to: url)

    let second = server.environment(
      staleAfter: .seconds(300), clock: clock, persistence: try FileImage(at: url, debounce: .zero))
    let summer = second.watch(ImageTests.CharacterDetailQuery(id: "3"), policy: .storeOnly)
    let rick = second.watch(ImageTests.CharacterDetailQuery(id: "1"), policy: .storeOnly)
    #expect(summer.phase.data == cached.phase.data)
    #expect(summer.isStale && !summer.isRefreshing)
    #expect(!rick.isStale)

    // Fetched longer ago than `staleAfter` (300 s) before the relaunch: stale after it.
    clock.advance(by: .seconds(301))
    let third = server.environment(
      staleAfter: .seconds(300), clock: clock, persistence: try FileImage(at: url, debounce: .zero))
    let old = third.watch(ImageTests.CharacterDetailQuery(id: "1"), policy: .storeOnly)
    #expect(old.phase.data != nil)
    #expect(old.isStale && !old.isRefreshing)
    try await server.control(["command": "delay", "ms": 300, "count": 1])
    let refreshing = third.watch(ImageTests.CharacterDetailQuery(id: "1"), policy: .storeOrNetwork)
    #expect(refreshing.isStale && refreshing.isRefreshing)
    #expect(refreshing.phase.data == old.phase.data)
    try await refreshing.snapshots(until: { !$0.isStale && !$0.fetch.isInFlight })
  }

  /// A good image's bytes, damaged in each way a file can be.
  static let damages: [(name: String, damage: @Sendable ([UInt8]) -> [UInt8], reason: String)] = [
    ("empty", { _ in [] }, ImageError.empty.description),
    ("JSON", { _ in Array(#"{"data":{"character":null}}"#.utf8) }, ImageError.foreign.description),
    ("truncated", { Array($0.prefix($0.count / 2)) }, "bytes long; its header says"),
    // In the directory, which the load checks; a flip in a record costs that record
    // (`LazyImageTests`).
    ("bit flip", { bytes in
      var flipped = bytes
      flipped[ImageFormat.headerSize + 40] ^= 0x10
      return flipped
    }, ImageError.checksumMismatch("directory").description),
    ("future version", { bytes in
      var future = bytes
      future[8] = UInt8(ImageFormat.version + 1)
      let crc = Checksum.crc32c(Array(future[0..<28]))
      future.replaceSubrange(28..<32, with: withUnsafeBytes(of: crc.littleEndian, Array.init))
      return future
    }, ImageError.unsupportedVersion(ImageFormat.version + 1).description),
  ]

  @Test(arguments: damages.indices)
  func aDamagedImageIsLoggedAndTheEnvironmentStartsEmptyAndWorks(_ index: Int) async throws {
    let damage = Self.damages[index]
    let server = try await Self.shared.fresh()
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let clock = ManualClock()
    let original = server.environment(
      staleAfter: .seconds(300), clock: clock, persistence: try FileImage(at: url, debounce: .zero))
    let (rick, _, _) = try await Self.watchAll(original, policy: .storeOrNetwork)
    try await original.flushUntilSaved(to: url)
    try Data(damage.damage(try [UInt8](Data(contentsOf: url)))).write(to: url)

    let first = server.environment(
      staleAfter: .seconds(300), clock: clock, persistence: try FileImage(at: url, debounce: .zero))
    let failures = first.log.events.compactMap { event -> String? in
      if case .imageLoadFailed(let reason) = event.kind { return reason }
      return nil
    }
    #expect(failures.count == 1, "\(damage.name)")
    #expect(failures.first?.contains("set aside") == true, "\(damage.name)")
    #expect(failures.first?.contains(damage.reason) == true, "\(damage.name): \(failures)")
    #expect(first.records.isEmpty, "\(damage.name)")
    #expect(try directory.names().contains { $0.hasPrefix("store.image.corrupt-") }, "\(damage.name)")
    let nothing = first.watch(ImageTests.CharacterDetailQuery(id: "1"), policy: .storeOnly)
    #expect(nothing.phase.data == nil, "\(damage.name): invented data")

    let (fetched, _, _) = try await Self.watchAll(first, policy: .storeOrNetwork)
    #expect(fetched.phase.data == rick.phase.data, "\(damage.name)")
    try await first.flushUntilSaved(to: url)
    let second = server.environment(
      staleAfter: .seconds(300), clock: clock, persistence: try FileImage(at: url, debounce: .zero))
    let cached = second.watch(ImageTests.CharacterDetailQuery(id: "1"), policy: .storeOnly)
    #expect(cached.phase.data == rick.phase.data, "\(damage.name)")
  }
}
