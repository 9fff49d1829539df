import BatonNormalizer
import BatonStore
import Foundation
import BatonTesting
import TestPrerequisites
import Testing

@testable import BatonImage

/// Every way a file can be wrong is detected, the file is set aside with the reason, and
/// the same `FileImage` then saves and loads normally.
@Suite struct ImageDamageTests {
  static let good = FileImage.encode(SampleImages.everyKind())

  /// Writes `bytes` as the image, loads it, and checks it was set aside whole and that
  /// the image works afterwards. Returns the reason given.
  @discardableResult
  static func expectSetAside(
    _ bytes: [UInt8], thenSave: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> ImageError? {
    let outcome = try setAside(bytes, thenSave: thenSave)
    for problem in outcome.problems { Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation) }
    return outcome.reason
  }

  /// What `setAside` saw: the reason the load gave, and each way the file or the image
  /// broke the promise.
  struct SetAside: Sendable {
    var reason: ImageError?
    var problems: [String] = []
  }

  /// Writes `bytes` as the image, loads it, and notes whether it was set aside whole and
  /// whether the image works afterwards. It checks no expectation itself, so it runs on a
  /// thread of its own too (`aThousandRandomSingleBitFlipsInAVersionFourFile`).
  static func setAside(_ bytes: [UInt8], thenSave: Bool) throws -> SetAside {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    try Data(bytes).write(to: url)
    let image = try FileImage(at: url, debounce: .zero)
    var outcome = SetAside()
    func check(_ holds: Bool, _ problem: @autoclosure () -> String) {
      if !holds { outcome.problems.append(problem()) }
    }
    do {
      let loaded = try image.load()
      outcome.problems.append("a damaged file loaded as \(String(describing: loaded))")
    } catch let error as SetAsideImage {
      outcome.reason = error.reason
      if let movedTo = error.movedTo {
        check(movedTo.lastPathComponent.hasPrefix("store.image.corrupt-"), "set aside as \(movedTo.lastPathComponent)")
        check(try Data(contentsOf: movedTo) == Data(bytes), "the file set aside holds other bytes")
        check(!FileManager.default.fileExists(atPath: url.path), "the damaged file is still in place")
        check(error.description.contains(movedTo.lastPathComponent), "the error does not name the file set aside: \(error)")
      } else {
        outcome.problems.append("the damaged file was not moved aside: \(error)")
      }
    }
    check(try image.load() == nil, "the image loads something once the file is set aside")
    guard thenSave else { return outcome }
    try image.save(SampleImages.everyKind())
    image.flush()
    check(try FileImage(at: url).load() == SampleImages.everyKind(), "the image does not load what it saved")
    return outcome
  }

  @Test func aMissingFileIsAnEmptyStoreNotAnError() throws {
    let directory = try TemporaryDirectory()
    #expect(try FileImage(at: directory.url.appendingPathComponent("none.image")).load() == nil)
    #expect(try directory.names().isEmpty)
  }

  @Test(arguments: 0..<100)
  func truncatedAtEveryHundredth(_ hundredth: Int) throws {
    let length = Self.good.count * hundredth / 100
    let reason = try Self.expectSetAside(Array(Self.good.prefix(length)))
    if length == 0 {
      #expect(reason == .empty)
    } else {
      #expect(reason == .wrongLength(expected: UInt64(Self.good.count), actual: length)
        || reason == .wrongLength(expected: UInt64(ImageFormat.headerSize), actual: length))
    }
  }

  /// A file of version 4 is checked whole at load: any flip sets it aside. (A version 5
  /// file's records are checked as they are read: `LazyImageTests`.) The thousand loads run
  /// on a thread of their own, not on one of the two the suite's tests share.
  @Test func aThousandRandomSingleBitFlipsInAVersionFourFile() async throws {
    let outcomes = try await onOwnThread { try Self.flipOneBitEach(1_000) }
    #expect(outcomes.allSatisfy { $0.reason != nil })
    #expect(outcomes.flatMap(\.problems) == [])
    // A flip in the payload or a checksum fails a checksum; only one in the magic bytes
    // (8 of the file's bytes) or the version reads as foreign or another version.
    let checksumFailures = outcomes.filter { outcome in
      if case .checksumMismatch? = outcome.reason { true } else { false }
    }
    #expect(checksumFailures.count > 900)
  }

  /// `count` copies of a version 4 file, each with one random bit flipped, set aside.
  static func flipOneBitEach(_ count: Int) throws -> [SetAside] {
    let whole = ImageEncoder.encode(SampleImages.everyKind(), version: ImageEncoder.wholeVersion).file
    var generator = SplitMix64(seed: 0x1000_F11B)
    return try (0..<count).map { flip in
      var bytes = whole
      let bit = Int(generator.next() % UInt64(bytes.count * 8))
      bytes[bit / 8] ^= 1 << UInt8(bit % 8)
      // Saving afterwards costs an fsync; every tenth file is enough to show the image works.
      return try setAside(bytes, thenSave: flip % 10 == 0)
    }
  }

  @Test func anEmptyFile() throws {
    #expect(try Self.expectSetAside([]) == .empty)
  }

  @Test func aJSONFile() throws {
    #expect(try Self.expectSetAside(Array(#"{"data":{"character":{"id":"1","name":"Rick"}}}"#.utf8)) == .foreign)
  }

  @Test func anImageFromAFutureVersion() throws {
    var bytes = Self.good
    bytes.replaceSubrange(8..<12, with: [UInt8(ImageFormat.version + 1), 0, 0, 0])
    bytes.replaceSubrange(28..<32, with: withUnsafeBytes(of: Checksum.crc32c(Array(bytes[0..<28])).littleEndian, Array.init))
    #expect(try Self.expectSetAside(bytes) == .unsupportedVersion(ImageFormat.version + 1))
  }

  @Test func aFileWithBytesAppended() throws {
    #expect(try Self.expectSetAside(Self.good + [0]) == .wrongLength(expected: UInt64(Self.good.count), actual: Self.good.count + 1))
  }

  @Test func setAsideNamesDoNotCollide() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let image = try FileImage(at: url)
    for _ in 0..<3 {
      try Data("junk".utf8).write(to: url)
      #expect(throws: SetAsideImage.self) { try image.load() }
    }
    #expect(try directory.names().filter { $0.hasPrefix("store.image.corrupt-") }.count == 3)
  }
}
