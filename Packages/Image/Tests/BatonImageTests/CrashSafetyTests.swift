import BatonNormalizer
import BatonStore
import Foundation
import ImageCrashSupport
import TestPrerequisites
import BatonTesting
import Testing

@testable import BatonImage

/// A harness process saves images in a loop and is killed with SIGKILL at random moments;
/// whatever file it leaves must load as one whole image it wrote.
@Suite struct CrashSafetyTests {
  static let rounds = Int(ProcessInfo.processInfo.environment["BATON_CRASH_ROUNDS"] ?? "") ?? 200

  /// The harness is an executable of the development package (Development/), so that the
  /// root package lists no development executables among its products.
  @Test(.requires(.imageCrashHarness), .timeLimit(.minutes(2)))
  func killedAtRandomMomentsLeavesAWholeOldOrNewImage() async throws {
    let harness = Prerequisite.imageCrashHarness.url
    try #require(
      FileManager.default.isExecutableFile(atPath: harness.path),
      "no harness at \(harness.path): \(Prerequisite.imageCrashHarness.reason)")
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("crash.image")
    var generator = SplitMix64(seed: 0xC4A5_0008)
    var lastGeneration = -1
    var advanced = 0
    var interrupted = 0
    for round in 0..<Self.rounds {
      let run = try await HarnessRun.killed([url.path, String(round * 1_000_000)], at: .after(UInt32(generator.next() % 60_000)))
      #expect(run.firstLine == "ready\n", "round \(round)")
      #expect(run.terminationReason == .uncaughtSignal, "round \(round)")

      if try directory.names().contains(where: { $0.hasPrefix(AtomicFile.temporaryPrefix(for: url)) }) { interrupted += 1 }
      for name in try directory.names() {
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.url.appendingPathComponent(name).path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "round \(round): \(name) is not owner-only")
      }
      let loaded = try #require(try FileImage(at: url).load(), "round \(round)")
      let generation = try #require(CrashImage.generation(of: loaded), "round \(round)")
      // Compared as a Bool: printing two unequal images of hundreds of records takes minutes.
      let expected = CrashImage.make(generation: generation)
      let isWhole = loaded == expected
      #expect(isWhole, "round \(round): the file is not generation \(generation) as written (records \(loaded.records == expected.records), operations \(loaded.operations == expected.operations))")
      #expect(generation >= round * 1_000_000, "round \(round): an image older than the one flushed before ready")
      #expect(generation > lastGeneration, "round \(round)")
      if generation > round * 1_000_000 { advanced += 1 }
      lastGeneration = generation
      #expect(Set(try directory.names()).isSubset(of: ["crash.image", "crash.image.log"]), "round \(round): temporary files were not removed")
    }
    // The kills must land in all phases: some after further writes, some inside one.
    #expect(advanced > 0)
    #expect(interrupted > 0)
  }
}
