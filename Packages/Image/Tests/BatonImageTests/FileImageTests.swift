import BatonNormalizer
import BatonStore
import Foundation
import Testing

@testable import BatonImage

@Suite struct FileImageTests {
  @Test func saveReturnsAtOnceAndTheDebouncedWriteComesLater() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let image = try FileImage(at: url, debounce: .seconds(30))
    try image.save(SampleImages.everyKind())
    #expect(!FileManager.default.fileExists(atPath: url.path))
    image.flush()
    #expect(try FileImage(at: url).load() == SampleImages.everyKind())
  }

  @Test func aBurstOfSavesWritesTheLatest() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let image = try FileImage(at: url, debounce: .milliseconds(20))
    var latest = StoreImage()
    for index in 0..<100 {
      latest = SampleImages.everyKind()
      latest.operations[0].name = "UserQuery\(index)"
      try image.save(latest)
    }
    try await Task.sleep(for: .milliseconds(500))
    #expect(try FileImage(at: url).load() == latest)
    #expect(try directory.names() == ["store.image"])
  }

  @Test func aFailedWriteIsReportedByTheNextSaveAndTheOldFileStays() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    // A non-empty directory where the file should be: the rename over it fails.
    try FileManager.default.createDirectory(at: url.appendingPathComponent("occupied"), withIntermediateDirectories: true)
    let image = try FileImage(at: url, debounce: .zero)
    try image.save(SampleImages.everyKind())
    image.flush()
    #expect {
      try image.save(SampleImages.everyKind())
    } throws: { error in
      guard case .io(let message) = error as? ImageError else { return false }
      return message.contains("rename")
    }
    // That save scheduled another try, which fails the same way and cleans up after itself.
    image.flush()
    #expect(FileManager.default.fileExists(atPath: url.appendingPathComponent("occupied").path))
    #expect(try directory.names() == ["store.image"])
    try FileManager.default.removeItem(at: url)
    image.flush()
    #expect(try FileImage(at: url).load() == SampleImages.everyKind())
  }

  @Test func temporaryFilesOfACrashedWriterAreRemovedAtLoad() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let image = try FileImage(at: url, debounce: .zero)
    try image.save(SampleImages.everyKind())
    image.flush()
    // Written by a process that is gone (no pid is that high), by a live one (this one),
    // and for another image.
    let live = "store.image.tmp-\(ProcessInfo.processInfo.processIdentifier)-A"
    try Data([1, 2, 3]).write(to: directory.url.appendingPathComponent("store.image.tmp-999999999-B"))
    try Data([4]).write(to: directory.url.appendingPathComponent(live))
    try Data([5]).write(to: directory.url.appendingPathComponent("other.image.tmp-999999999-C"))
    #expect(try FileImage(at: url).load() == SampleImages.everyKind())
    #expect(try directory.names() == ["other.image.tmp-999999999-C", "store.image", live])
  }
}
