import BatonNormalizer
import BatonStore
import Foundation
import ImageCrashSupport
import TestPrerequisites
import BatonTesting
import Testing

@testable import BatonImage

/// A harness process appends changes to the change log, compacting it now and then, and is
/// killed with SIGKILL at random moments; whatever files it leaves must load as one state it
/// saved, never older than the last it flushed, never with a frame half applied.
@Suite struct ChangeLogCrashSafetyTests {
  static let rounds = Int(ProcessInfo.processInfo.environment["BATON_CHANGE_CRASH_ROUNDS"] ?? "") ?? 1_000
  /// Harnesses killed side by side, each in a directory of its own: most of a round is
  /// waiting for a process to start, so several at once make thousands of kills a minute.
  static let lanes = 4

  /// What the rounds of one lane saw.
  struct Tally {
    var advanced = 0
    var interrupted = 0
    var appended = 0
  }

  @Test(.requires(.imageCrashHarness), .timeLimit(.minutes(3)))
  func killedWhileAppendingOrCompactingLoadsAStateItSaved() async throws {
    let tallies = try await withThrowingTaskGroup(of: Tally.self) { group in
      for lane in 0..<Self.lanes {
        group.addTask { try await Self.lane(lane, rounds: Self.rounds / Self.lanes) }
      }
      var tallies: [Tally] = []
      for try await tally in group { tallies.append(tally) }
      return tallies
    }
    // The kills must land in all phases: after appends, inside a whole write, and some
    // after further saves than the first.
    #expect(tallies.reduce(0) { $0 + $1.advanced } > 0)
    #expect(tallies.reduce(0) { $0 + $1.interrupted } > 0)
    #expect(tallies.reduce(0) { $0 + $1.appended } > 0)
  }

  private static func lane(_ lane: Int, rounds: Int) async throws -> Tally {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("crash.image")
    let log = url.appendingPathExtension("log")
    let files = Set(["crash.image", "crash.image.log"])
    var generator = SplitMix64(seed: 0xC4A5_1000 + UInt64(lane))
    var tally = Tally()
    var lastGeneration = -1
    for round in 0..<rounds {
      let start = round * 1_000_000
      let run = try await HarnessRun.killed(
        ["--changes", url.path, String(start)], at: .after(UInt32(generator.next() % 20_000)))
      let label = "lane \(lane), round \(round)"
      #expect(run.firstLine == "ready\n", "\(label)")
      #expect(run.terminationReason == .uncaughtSignal, "\(label)")

      let names = try directory.names()
      if names.contains(where: { !files.contains($0) }) { tally.interrupted += 1 }
      for name in names {
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.url.appendingPathComponent(name).path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "\(label): \(name) is not owner-only")
      }
      let logSize = (try? FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int) ?? 0
      if logSize > ChangeLogFormat.headerSize { tally.appended += 1 }
      let loaded = try #require(try FileImage(at: url).load(), "\(label)")
      let generation = try #require(ChangingCrashImage.generation(of: loaded), "\(label)")
      // Compared as a Bool: printing two unequal images of hundreds of records takes minutes.
      let expected = ChangingCrashImage.make(generation: generation)
      #expect(loaded == expected, "\(label): the files do not hold state \(generation) as saved (records \(loaded.records == expected.records), operations \(loaded.operations == expected.operations))")
      #expect(generation >= start, "\(label): a state older than the one flushed before ready")
      #expect(generation > lastGeneration, "\(label)")
      if generation > start { tally.advanced += 1 }
      lastGeneration = generation
      #expect(Set(try directory.names()).isSubset(of: files), "\(label): temporary files were not removed")
    }
    return tally
  }
}
