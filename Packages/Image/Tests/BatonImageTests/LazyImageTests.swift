import BatonNormalizer
import BatonStore
import Foundation
import BatonTesting
import BatonTransport
import TestPrerequisites
import Testing

@testable import BatonImage

/// A version 5 image opens without reading its records: `load()` hands over records read
/// on demand, which equal what a whole decode reads, and damage costs only what it touches.
@Suite struct LazyImageTests {
  /// `everyKind()` with field ages and `count` more records of every kind of value, seen
  /// by an operation each ten, spanning many chunks.
  static func many(_ count: Int) -> StoreImage {
    var image = SampleImages.everyKind()
    for index in 0..<count {
      image.records.merge(StoreRecord(
        id: RecordID("Issue:\(index)"), typename: index % 3 == 0 ? "Issue" : nil,
        fields: [
          "title": RecordField(.scalar(.string("Issue number \(index), é"))),
          "number": RecordField(.scalar(.number("\(index)"))),
          "author": RecordField(.link(RecordID("User:\(index % 2 + 1)"))),
          "labels": RecordField(.list([.link(RecordID("Issue:\((index + 1) % count)")), .null, .scalar(.bool(index % 2 == 0))])),
          "meta": RecordField(
            .scalar(.object([JSONMember("k", .array([.number("1"), .string(String(repeating: "x", count: index % 200))]))])),
            errors: index % 7 == 0 ? [FieldError(message: "partial", path: [.key("meta"), .index(index)])] : []),
        ]))
    }
    for group in 0..<(count / 10) {
      image.operations.append(OperationImage(
        operationID: "page", name: "Page", variables: ["page": .number("\(group)")], fetchedAt: Date(timeIntervalSince1970: 1_000),
        seenRecords: Set((0..<10).map { RecordID("Issue:\(group * 10 + $0)") })))
    }
    image.fieldAges = FieldAges(
      commitTimes: [1_000_000.25, 1_000_060.5],
      fields: ["User:1": ["login": FieldAges.Entry(commit: 0, maxAge: 30)], "Issue:1": ["title": FieldAges.Entry(commit: 1, maxAge: 60)]])
    return image
  }

  static let samples: [StoreImage] = [StoreImage(), SampleImages.everyKind(), many(40), many(3_000)]

  /// Writes `bytes` as an image file and loads it, collecting what its reads report.
  static func load(_ bytes: [UInt8]) throws -> (image: StoreImage?, findings: Findings, directory: TemporaryDirectory) {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    try Data(bytes).write(to: url)
    let findings = Findings()
    let data = try Data(contentsOf: url, options: .alwaysMapped)
    let image = try? ImageRecords.open(data) { findings.add($0) }.image
    return (image, findings, directory)
  }

  final class Findings: Sendable {
    private let found = Locked<[ImageRecords.Finding]>([])
    func add(_ finding: ImageRecords.Finding) { found.withLock { $0.append(finding) } }
    var damage: [String] {
      found.withLock { $0.compactMap { if case .damage(let reason) = $0 { reason } else { nil } } }
    }
  }

  @Test(arguments: samples.indices)
  func aLazyLoadEqualsTheWholeDecode(_ sample: Int) throws {
    let image = Self.samples[sample]
    let bytes = FileImage.encode(image)
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    try Data(bytes).write(to: url)
    let lazy = try #require(try FileImage(at: url).load())
    #expect(lazy.records.isBacked)
    #expect(try FileImage.decode(bytes) == image)
    #expect(lazy.records.count == image.records.count)
    for (id, record) in image.records.records {
      #expect(lazy.records.contains(id))
      #expect(lazy.records[id] == record)
    }
    #expect(!lazy.records.contains("Issue:-1"))
    #expect(lazy.records["Issue:-1"] == nil)
    var ids = Set<RecordID>()
    lazy.records.forEachID { ids.insert($0) }
    #expect(ids == Set(image.records.records.keys))
    #expect(lazy.operations.map(\.seenRecords) == image.operations.map(\.seenRecords))
    // The keys the decoder made and kept are those the operations make.
    #expect(lazy.operations.map(\.key) == image.operations.map(\.key))
    #expect(lazy == image)
    // The budget counts the records it has not read at what the file says they weigh.
    let estimated = image.records.records.values.reduce(0) { $0 + $1.estimatedBytes }
    #expect(lazy.records.backingEstimate.map { [$0.records, $0.bytes] } == [image.records.count, estimated])
  }

  @Test func theChangeLogReplaysOverALazyImage() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    var image = Self.many(500)
    let file = try FileImage(at: url, debounce: .zero)
    try file.save(image)
    file.flush()
    image = image.collectingGarbage()
    var loaded = try #require(try FileImage(at: url).load())
    #expect(loaded.records.isBacked)
    var issue = try #require(loaded.records["Issue:7"])
    issue.fields["title"] = RecordField(.scalar("Retitled"))
    loaded.records.merge(issue)
    loaded.records.remove("Issue:8")
    loaded.records.merge(StoreRecord(id: "Issue:new", typename: "Issue", fields: ["title": RecordField(.scalar("New"))]))
    let writer = try FileImage(at: url, debounce: .zero)
    _ = try writer.load()
    try writer.save(ImageChange(image: loaded, writtenRecords: ["Issue:7", "Issue:new"], removedRecords: ["Issue:8"]))
    writer.flush()
    #expect(FileManager.default.fileExists(atPath: writer.logURL.path))
    let replayed = try #require(try FileImage(at: url).load())
    #expect(replayed.records.isBacked)
    #expect(replayed.records["Issue:7"]?["title"] == RecordField(.scalar("Retitled")))
    #expect(replayed.records["Issue:8"] == nil)
    #expect(!replayed.records.contains("Issue:8"))
    #expect(replayed.records["Issue:new"]?["title"] == RecordField(.scalar("New")))
    #expect(replayed.records.count == image.records.count)
    #expect(replayed == loaded)
    #expect(try FileImage.contents(at: url) == loaded)
  }

  /// The mapping outlives the file's name: a compaction renames a new image over it, an
  /// erase unlinks it, and the records loaded before still read.
  @Test func recordsReadAfterTheFileIsReplacedOrErased() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let image = Self.many(200).collectingGarbage()
    let file = try FileImage(at: url, debounce: .zero)
    try file.save(image)
    file.flush()
    let loaded = try #require(try file.load())
    try file.save(StoreImage())
    file.flush()
    #expect(loaded.records["Issue:150"] == image.records["Issue:150"])
    try file.erase()
    #expect(!FileManager.default.fileExists(atPath: url.path))
    #expect(loaded.records["Issue:151"] == image.records["Issue:151"])
    #expect(loaded == image)
  }

  @Test func aVersionFourFileStillLoadsWhole() throws {
    let image = Self.many(100)
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    try Data(ImageEncoder.encode(image, version: ImageEncoder.wholeVersion).file).write(to: url)
    let loaded = try #require(try FileImage(at: url).load())
    #expect(!loaded.records.isBacked)
    #expect(loaded == image)
  }

  /// The records an operation saw are written together, the most recently used operation's
  /// first: a screen's first read touches a chunk or two, not one per record.
  @Test func theRecordsAnOperationSawShareAFewChunks() throws {
    let image = Self.many(3_000)
    let bytes = FileImage.encode(image)
    let last = try #require(image.operations.last)
    let offsets: [Int] = try bytes.withUnsafeBytes { file in
      let reader = LazyImageReader(file: file, directory: try ImageDecoder.directory(file), checks: nil)
      return try last.seenRecords.map { id in
        let record = try #require(try Array(id.rawValue.utf8).withUnsafeBytes { try reader.record($0) })
        return try #require(file.baseAddress).distance(to: try #require(record.baseAddress))
      }
    }
    let records = try bytes.withUnsafeBytes { try ImageDecoder.directory($0) }[.records]
    #expect(offsets.count == 10)
    #expect(try #require(offsets.max()) - records.lowerBound < ImageFormat.chunkSize)
  }

  /// Flips in a record's chunk leave the rest of the file readable: the records there read
  /// as missing, and the damage is reported once however often they are read.
  @Test func aDamagedChunkReadsAsMissingAndIsReportedOnce() throws {
    let image = Self.many(3_000)
    var bytes = FileImage.encode(image)
    let layout = try bytes.withUnsafeBytes { try ImageDecoder.directory($0) }
    let records = layout[.records]
    let flipped = records.lowerBound + records.count / 2
    bytes[flipped] ^= 0x5A
    let (opened, findings, _) = try Self.load(bytes)
    let lazy = try #require(opened)
    var missing: [RecordID] = []
    for _ in 0..<2 {
      missing = []
      for (id, record) in image.records.records {
        if let read = lazy.records[id] { #expect(read == record) } else { missing.append(id) }
      }
    }
    #expect(!missing.isEmpty)
    #expect(missing.count < 100)
    // Still counted and found by id (but one whose id the flip hit): a lookup by id checks
    // no chunk, so the damage shows when a record there is read.
    #expect(lazy.records.count == image.records.count)
    #expect(missing.filter { lazy.records.contains($0) }.count >= missing.count - 1)
    #expect(findings.damage.count == 1)
    #expect(findings.damage.first?.contains("fail their checksum") == true)
  }

  /// Random flips and truncations of a version 5 file never trap: the load fails
  /// (header, directory, operations) or the records read as they were or as missing, with
  /// the damage reported.
  @Test func randomFlipsAndTruncationsNeverTrap() async throws {
    // Hundreds of loads of a large image: on a thread of its own, so that the run's other
    // suites keep Swift concurrency's few threads meanwhile.
    let tally = try await onOwnThread { try Self.flipAndTruncate(rounds: 400) }
    #expect(tally.recordsReadWrong == 0)
    #expect(tally.seenRecordsKeptWrong == 0)
    #expect(tally.damageUnreported == 0)
    #expect(tally.failed + tally.damaged > 300)
    #expect(tally.damaged > 50)
  }

  /// What `flipAndTruncate` saw: loads that failed, images that read with damage, and the
  /// reads that broke the promise (a record other than it was, seen records neither kept
  /// nor emptied, damage read without a finding).
  struct FlipTally: Sendable {
    var failed = 0
    var damaged = 0
    var recordsReadWrong = 0
    var seenRecordsKeptWrong = 0
    var damageUnreported = 0
  }

  static func flipAndTruncate(rounds: Int) throws -> FlipTally {
    let image = many(300)
    let good = FileImage.encode(image)
    var generator = SplitMix64(seed: 0x1A27_0005)
    var tally = FlipTally()
    for round in 0..<rounds {
      var bytes = good
      for _ in 0..<(1 + round % 3) {
        let offset = Int(generator.next() % UInt64(bytes.count))
        bytes[offset] ^= UInt8(truncatingIfNeeded: generator.next() | 1)
      }
      if round % 10 == 0 { bytes.removeLast(1 + Int(generator.next() % 64)) }
      let (opened, findings, _) = try load(bytes)
      guard let lazy = opened else {
        tally.failed += 1
        continue
      }
      var intact = true
      for (id, record) in image.records.records {
        let read = lazy.records[id]
        if read != nil && read != record { tally.recordsReadWrong += 1 }
        if read == nil { intact = false }
      }
      for (operation, original) in zip(lazy.operations, image.operations) where operation.seenRecords != original.seenRecords {
        if !operation.seenRecords.isEmpty { tally.seenRecordsKeptWrong += 1 }
        intact = false
      }
      if !intact {
        tally.damaged += 1
        if findings.damage.isEmpty { tally.damageUnreported += 1 }
      }
    }
    return tally
  }

  /// With every checksum made to match again, a mutated file reaches the parser, which
  /// checks every offset, count and index it reads: no trap, whatever the bytes.
  @Test func aParserFedResignedMutationsNeverTraps() async throws {
    // Fifteen hundred loads: on a thread of its own, as above.
    try await onOwnThread { try Self.feedResignedMutations(rounds: 1_500) }
  }

  static func feedResignedMutations(rounds: Int) throws {
    let good = FileImage.encode(many(100))
    let layout = try good.withUnsafeBytes { try ImageDecoder.directory($0) }
    var generator = SplitMix64(seed: 0xBA70_0005)
    for round in 0..<rounds {
      var bytes = good
      for _ in 0..<(1 + round % 4) {
        let offset = ImageFormat.headerSize + Int(generator.next() % UInt64(layout.checkedBytes - ImageFormat.headerSize))
        bytes[offset] = round % 3 == 0 ? UInt8(truncatingIfNeeded: generator.next()) : bytes[offset] ^ 0xFF
      }
      Self.resign(&bytes, layout)
      let (opened, _, _) = try Self.load(bytes)
      _ = try? FileImage.decode(bytes)
      guard let lazy = opened else { continue }
      _ = lazy.records.records
      for index in 0..<120 { _ = lazy.records.contains(RecordID("Issue:\(index)")) }
      _ = lazy.operations.map(\.seenRecords)
    }
  }

  /// Recomputes the header's, the directory's and every chunk's checksum, where `layout`
  /// (the unmutated file's) puts them.
  static func resign(_ bytes: inout [UInt8], _ layout: ImageDirectory) {
    let directory = ImageFormat.headerSize..<(ImageFormat.headerSize + ImageDirectory.size)
    bytes.replaceSubrange(24..<28, with: Self.littleEndian(Checksum.crc32c(Array(bytes[directory]))))
    bytes.replaceSubrange(28..<32, with: Self.littleEndian(Checksum.crc32c(Array(bytes[0..<28]))))
    for chunk in 0..<layout.chunkCount {
      let start = chunk * layout.chunkSize
      let crc = Checksum.crc32c(Array(bytes[start..<min(start + layout.chunkSize, layout.checkedBytes)]))
      let entry = layout[.chunkTable].lowerBound + 4 * chunk
      bytes.replaceSubrange(entry..<(entry + 4), with: Self.littleEndian(crc))
    }
  }

  static func littleEndian(_ value: UInt32) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian, Array.init)
  }

  /// Through an environment: a damaged chunk is logged as `imageDamaged`, and its records
  /// read as missing while the others read.
  @Test func anEnvironmentLogsTheDamageItsReadsFind() throws {
    let image = Self.many(3_000).collectingGarbage()
    var bytes = FileImage.encode(image)
    let layout = try bytes.withUnsafeBytes { try ImageDecoder.directory($0) }
    bytes[layout[.records].lowerBound + layout[.records].count / 3] ^= 0x01
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    try Data(bytes).write(to: url)
    let endpoint = try #require(URL(string: "http://127.0.0.1:9/graphql"))
    // Every operation kept, so every record is reachable and none is collected.
    let environment = GraphQLEnvironment(
      transport: HTTPTransport(endpoint: endpoint), persistence: try FileImage(at: url), releaseBufferSize: Int(Int32.max))
    var missing = 0
    for id in image.records.records.keys where environment.records[id] == nil { missing += 1 }
    #expect(missing > 0 && missing < 100)
    let damage = environment.log.events.filter { if case .imageDamaged = $0.kind { true } else { false } }
    #expect(damage.count == 1)
    #expect(!environment.log.events.contains { if case .imageLoadFailed = $0.kind { true } else { false } })
  }
}
