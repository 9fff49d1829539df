import BatonNormalizer
import BatonStore
import Foundation
import TestPrerequisites
import BatonTesting
import Testing

@testable import BatonImage

/// The harness refetches in a loop over a fast transport, each save durable before it
/// returns, printing each generation an awaited refetch showed; it is killed with SIGKILL
/// at random moments, at least a thousand refetches in all: a loaded machine refetches less
/// between kills, so the rounds go on (up to four times as many) until that many were seen. The file it leaves must hold the
/// last generation it printed, or a later one: what a refetch returned was handed to
/// persistence before it returned.
@Suite struct RefetchCrashTests {
  static let rounds = Int(ProcessInfo.processInfo.environment["BATON_CRASH_ROUNDS"] ?? "") ?? 150

  @Test(.requires(.imageCrashHarness), .timeLimit(.minutes(5)))
  func killedRightAfterARefetchReturnedKeepsWhatItReturned() async throws {
    let directory = try TemporaryDirectory.inMemory()
    let url = directory.url.appendingPathComponent("refetch.image")
    var generator = SplitMix64(seed: 0x4EF3_7C40)
    var refetches = 0
    var round = 0
    while round < Self.rounds || (refetches < 1_000 && round < 4 * Self.rounds) {
      defer { round += 1 }
      let start = round * 1_000_000
      let run = try await HarnessRun.killed(
        ["--refetch", url.path, String(start)], at: .after(UInt32(generator.next() % 40_000)))
      #expect(run.firstLine.hasPrefix("ready\n"), "round \(round): \(run.firstLine)")
      #expect(run.terminationReason == .uncaughtSignal, "round \(round)")
      // A line cut by the kill is not a generation the harness finished printing.
      let printed = run.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { Int($0) }
      refetches += printed.count
      let returned = try #require(printed.last, "round \(round): no refetch returned before ready")

      let loaded = try #require(try FileImage(at: url).load(), "round \(round)")
      guard case .scalar(.string(let name))? = loaded.records["Character:1"]?["name"]?.value,
        let generation = Int(name.dropFirst("generation ".count))
      else {
        Issue.record("round \(round): no generation in the file")
        continue
      }
      #expect(generation >= returned, "round \(round): the file holds \(generation), the refetch returned \(returned)")
      #expect(generation < start + 1_000_000, "round \(round)")
      #expect(Set(try directory.names()).isSubset(of: ["refetch.image", "refetch.image.log"]), "round \(round): temporary files were not removed")
    }
    #expect(refetches >= 1_000)
  }
}
