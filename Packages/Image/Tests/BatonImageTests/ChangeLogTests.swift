import BatonNormalizer
import BatonStore
import Foundation
import Testing

@testable import BatonImage

/// `FileImage`'s change log: a change appends a frame in proportion to what changed, a load
/// replays the frames up to a torn one, a log of another generation is never replayed, a
/// damaged one is set aside, and a log past half the image is compacted into it.
@Suite struct ChangeLogTests {
  /// A store of `count` items every one of which an operation reaches.
  static func items(_ count: Int, label: String = "first") -> StoreImage {
    var records = RecordSource()
    for index in 0..<count {
      records.merge(
        StoreRecord(
          id: RecordID("Item:\(index)"), typename: "Item",
          fields: ["title": RecordField(.scalar(.string("item \(index), \(label) version")))]))
    }
    let operation = OperationImage(operationID: "items", name: "Items", seenRecords: Set(records.records.keys))
    return StoreImage(records: records, operations: [operation])
  }

  /// `image` with item `index` retitled, and the change that says so.
  static func retitle(_ image: StoreImage, _ index: Int, _ title: String) -> ImageChange {
    var image = image
    let id = RecordID("Item:\(index)")
    image.records.merge(StoreRecord(id: id, typename: "Item", fields: ["title": RecordField(.scalar(.string(title)))]))
    return ImageChange(image: image, writtenRecords: [id])
  }

  @Test func aChangeAppendsAFrameInProportionToWhatChangedAndReloads() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let file = try FileImage(at: url, debounce: .seconds(600))
    try file.save(Self.items(1_000))
    file.flush()
    let imageSize = try directory.size(of: "store.image")
    let change = Self.retitle(Self.items(1_000), 7, "retitled")
    try file.save(change)
    file.flush()
    #expect(try directory.size(of: "store.image") == imageSize)
    let logSize = try directory.size(of: "store.image.log")
    #expect(logSize > 0)
    #expect(logSize < imageSize / 20)
    #expect(try FileImage(at: url).load() == change.image)
    // What `baton inspect` reads: the same, the files untouched.
    #expect(try FileImage.contents(at: url) == change.image)
    #expect(try directory.size(of: "store.image.log") == logSize)
  }

  @Test func aTornLastFrameIsCutOffAndTheNextAppendFollowsTheWholeOnes() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let file = try FileImage(at: url, debounce: .seconds(600))
    try file.save(Self.items(200))
    file.flush()
    let first = Self.retitle(Self.items(200), 1, "one")
    try file.save(first)
    file.flush()
    let second = Self.retitle(first.image, 2, "two")
    try file.save(second)
    file.flush()
    let log = url.appendingPathExtension("log")
    let bytes = try Data(contentsOf: log)
    try bytes.dropLast(5).write(to: log)

    let reopened = try FileImage(at: url, debounce: .seconds(600))
    #expect(try reopened.load() == first.image)
    let third = Self.retitle(first.image, 3, "three")
    try reopened.save(third)
    reopened.flush()
    #expect(try FileImage(at: url).load() == third.image)
  }

  @Test func aLogOfAnotherGenerationIsNotReplayed() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let log = url.appendingPathExtension("log")
    let file = try FileImage(at: url, debounce: .seconds(600))
    try file.save(Self.items(200))
    file.flush()
    try file.save(Self.retitle(Self.items(200), 1, "old frame"))
    file.flush()
    let oldLog = try Data(contentsOf: log)
    // A whole write, then the old log back: what a kill before its removal leaves.
    let compacted = Self.items(200, label: "second")
    try file.save(compacted)
    file.flush()
    try oldLog.write(to: log)
    #expect(try FileImage(at: url).load() == compacted)
  }

  @Test func aDamagedLogIsSetAsideAndTheNextSaveWritesTheImageWhole() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let log = url.appendingPathExtension("log")
    let file = try FileImage(at: url, debounce: .seconds(600))
    try file.save(Self.items(100))
    file.flush()
    try file.save(Self.retitle(Self.items(100), 1, "one"))
    file.flush()
    var bytes = try [UInt8](Data(contentsOf: log))
    bytes[3] ^= 0xFF
    try Data(bytes).write(to: log)

    let reopened = try FileImage(at: url, debounce: .seconds(600))
    #expect(throws: SetAsideImage.self) { try reopened.load() }
    #expect(try directory.names().contains { $0.hasPrefix("store.image.log.corrupt-") })
    let after = Self.retitle(Self.items(100, label: "after"), 2, "two")
    try reopened.save(after)
    reopened.flush()
    #expect(try FileImage(at: url).load() == after.image)
  }

  @Test func aLogPastHalfTheImageIsCompactedIntoIt() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let file = try FileImage(at: url, debounce: .seconds(600))
    var image = Self.items(100)
    try file.save(image)
    file.flush()
    var largest = 0
    for round in 0..<200 {
      let change = Self.retitle(image, round % 100, "round \(round)")
      image = change.image
      try file.save(change)
      file.flush()
      largest = max(largest, (try? directory.size(of: "store.image.log")) ?? 0)
    }
    let imageSize = try directory.size(of: "store.image")
    #expect(largest <= imageSize / 2 + 1_024)
    #expect(try FileImage(at: url).load() == image)
  }

  /// With a byte budget the log is compacted before the image and the log together pass it,
  /// though the log is far from half the image.
  @Test func theImageAndItsLogStayWithinTheBudget() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    var image = Self.items(1_000)
    let first = try FileImage(at: url)
    try first.save(image)
    first.flush()
    let imageSize = try directory.size(of: "store.image")
    let budget = imageSize + imageSize / 10
    let file = try FileImage(at: url, debounce: .seconds(600), maximumBytes: budget)
    _ = try file.load()
    var largest = 0
    for round in 0..<300 {
      let change = Self.retitle(image, round % 1_000, "round \(round)")
      image = change.image
      try file.save(change)
      file.flush()
      let files = try directory.size(of: "store.image") + ((try? directory.size(of: "store.image.log")) ?? 0)
      largest = max(largest, files)
    }
    #expect(largest <= budget, "the image and its log reached \(largest) bytes of a \(budget) byte budget")
    #expect(try FileImage(at: url).load() == image)
  }
}
