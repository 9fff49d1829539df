import BatonNormalizer
import BatonStore
import Foundation
import BatonTesting
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
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    try Data(bytes).write(to: url)
    let image = try FileImage(at: url, debounce: .zero)
    var reason: ImageError?
    do {
      let loaded = try image.load()
      Issue.record("a damaged file loaded as \(String(describing: loaded))", sourceLocation: sourceLocation)
    } catch let error as SetAsideImage {
      reason = error.reason
      let movedTo = try #require(error.movedTo, sourceLocation: sourceLocation)
      #expect(movedTo.lastPathComponent.hasPrefix("store.image.corrupt-"), sourceLocation: sourceLocation)
      #expect(try Data(contentsOf: movedTo) == Data(bytes), sourceLocation: sourceLocation)
      #expect(!FileManager.default.fileExists(atPath: url.path), sourceLocation: sourceLocation)
      #expect(error.description.contains(movedTo.lastPathComponent), sourceLocation: sourceLocation)
    }
    #expect(try image.load() == nil, sourceLocation: sourceLocation)
    guard thenSave else { return reason }
    try image.save(SampleImages.everyKind())
    image.flush()
    #expect(try FileImage(at: url).load() == SampleImages.everyKind(), sourceLocation: sourceLocation)
    return reason
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
  /// file's records are checked as they are read: `LazyImageTests`.)
  @Test func aThousandRandomSingleBitFlipsInAVersionFourFile() throws {
    let whole = ImageEncoder.encode(SampleImages.everyKind(), version: ImageEncoder.wholeVersion).file
    var generator = SplitMix64(seed: 0x1000_F11B)
    var checksumFailures = 0
    for flip in 0..<1_000 {
      var bytes = whole
      let bit = Int(generator.next() % UInt64(bytes.count * 8))
      bytes[bit / 8] ^= 1 << UInt8(bit % 8)
      // Saving afterwards costs an fsync; every tenth file is enough to show the image works.
      let reason = try #require(try Self.expectSetAside(bytes, thenSave: flip % 10 == 0))
      if case .checksumMismatch = reason { checksumFailures += 1 }
    }
    // A flip in the payload or a checksum fails a checksum; only one in the magic bytes
    // (8 of the file's bytes) or the version reads as foreign or another version.
    #expect(checksumFailures > 900)
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
