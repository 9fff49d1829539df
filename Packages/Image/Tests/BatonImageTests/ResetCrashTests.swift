import BatonNormalizer
import BatonStore
import Foundation
import ImageCrashSupport
import TestPrerequisites
import BatonTesting
import Testing

@testable import BatonImage

/// The harness saves an image and resets its environment in a loop and is killed with
/// SIGKILL 100 times: at a random moment, or (every other round) as soon as a save has
/// put the image on disk. The file it leaves must be one whole image it wrote, or none,
/// never part of one.
@Suite struct ResetCrashTests {
  static let rounds = 100

  @Test(.requires(.imageCrashHarness), .timeLimit(.minutes(2)))
  func killedDuringResetsLeavesTheOldImageOrNone() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("reset.image")
    var generator = SplitMix64(seed: 0x5E5E_7021)
    var absent = 0
    var whole = 0
    for round in 0..<Self.rounds {
      let delay = UInt32(generator.next() % 30_000)
      let run = try await HarnessRun.killed(
        ["--reset", url.path, String(round * 1_000_000)], at: round.isMultiple(of: 2) ? .after(delay) : .onceExists(url.path))
      #expect(run.firstLine == "ready\n", "round \(round)")
      #expect(run.terminationReason == .uncaughtSignal, "round \(round)")

      guard let loaded = try FileImage(at: url).load() else {
        absent += 1
        #expect(try directory.names().isEmpty, "round \(round): temporary files were not removed")
        continue
      }
      whole += 1
      let generation = try #require(CrashImage.generation(of: loaded), "round \(round)")
      #expect(loaded == CrashImage.make(generation: generation), "round \(round): not generation \(generation) as written")
      #expect(generation >= round * 1_000_000, "round \(round): an image from before the last reset")
      #expect(try directory.names() == ["reset.image"], "round \(round)")
    }
    // The kills must land both between a reset and the next save and after a save.
    #expect(absent > 0)
    #expect(whole > 0)
  }
}
