import BatonNormalizer
import BatonStore
import Foundation
import TestPrerequisites
import BatonTesting
import Testing

@testable import BatonImage

@Suite struct ImageCodecTests {
  @Test func everyKindOfValueRoundTrips() throws {
    let image = SampleImages.everyKind()
    let decoded = try FileImage.decode(FileImage.encode(image))
    #expect(decoded == image)
    #expect(decoded.records["User:1"]?["email"]?.errors.last?.path == [.key("address"), .index(3), .index(-1), .key("line")])
    #expect(decoded.operations.first { $0.name == "UserQuery" }?.fetchedAt == image.operations[0].fetchedAt)
  }

  @Test func anEmptyStoreRoundTrips() throws {
    let bytes = FileImage.encode(StoreImage())
    // The directory, one string offset, one free index slot, four empty counts, one chunk's checksum.
    #expect(bytes.count == ImageFormat.headerSize + ImageDirectory.size + 8 + ImageIndex.slotSize + 4 + 4)
    #expect(try FileImage.decode(bytes) == StoreImage())
  }

  @Test func keysAndTypenamesAreStoredOnceAndValuesInPlace() throws {
    let long = String(repeating: "A long body, é, ", count: 5)
    let records = (0..<200).map { index in
      StoreRecord(
        id: RecordID("Character:\(index)"), typename: "Character",
        fields: [
          "speciesOfTheBeing": RecordField(.scalar("Human")), "id": RecordField(.scalar(.string("\(index)"))),
          "body": RecordField(.scalar(.string(long))),
        ])
    }
    let seen = Set(records.map(\.id))
    let image = StoreImage(
      records: RecordSource(records), operations: [OperationImage(operationID: "x", name: "Q", seenRecords: seen)])
    let bytes = FileImage.encode(image)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.components(separatedBy: "speciesOfTheBeing").count == 2)
    // The typename once, each id once: in its record (the operation's seen records are
    // the records' offsets).
    #expect(text.components(separatedBy: "Character").count == 2 + 200)
    #expect(text.components(separatedBy: "Human").count == 201)
    #expect(text.components(separatedBy: long).count == 201)
    #expect(try FileImage.decode(bytes) == image)
  }

  /// The checksum stops random damage before the payload is parsed; this takes it out of
  /// the way (mutating, then re-signing) to prove the parser itself is bounds-checked.
  @Test func aParserFedMutatedPayloadsNeverTraps() throws {
    let original = ImageEncoder.encode(SampleImages.everyKind(), version: ImageEncoder.wholeVersion).file
    var generator = SplitMix64(seed: 0xBA70_0008)
    var rejected = 0
    for round in 0..<3_000 {
      var bytes = original
      let changes = 1 + round % 4
      for _ in 0..<changes {
        let offset = ImageFormat.headerSize + Int(generator.next() % UInt64(bytes.count - ImageFormat.headerSize))
        bytes[offset] = round % 3 == 0 ? UInt8(truncatingIfNeeded: generator.next()) : bytes[offset] ^ 0xFF
      }
      if round % 5 == 0 { bytes.removeLast(Int(generator.next() % 8)) }
      Self.resign(&bytes)
      do {
        _ = try FileImage.decode(bytes)
      } catch {
        rejected += 1
      }
    }
    #expect(rejected > 2_000)
  }

  @Test func hugeCountsAreRejectedBeforeAnyAllocation() throws {
    var writer = ByteWriter()
    writer.varint(UInt64.max)
    var bytes = Self.header(payload: writer.bytes)
    bytes += writer.bytes
    #expect(throws: ImageError.self) { try FileImage.decode(bytes) }
    #expect {
      try FileImage.decode(bytes)
    } throws: { error in
      guard case .damaged(let reason, _) = error as? ImageError else { return false }
      return reason.contains("exceeds")
    }
  }

  /// Too deep in an operation's variables or in a field error's extensions: the operation,
  /// or the field, is left out; the rest is written as it was.
  @Test func tooDeepVariablesOrExtensionsLeaveOutOnlyTheirOperationOrField() throws {
    let tooDeep = DeepValues.json(depth: ImageFormat.maximumDepth + 1)
    var image = SampleImages.everyKind()
    image.operations.append(OperationImage(operationID: "deep", name: "DeepQuery", variables: ["filter": tooDeep]))
    var user = try #require(image.records["User:1"])
    user.fields["warned"] = RecordField(.null, errors: [FieldError(message: "deep", extensions: tooDeep)])
    image.records.merge(user)
    let (file, dropped) = ImageEncoder.encode(image)
    #expect(Set(dropped) == [ImageDrop(.operation(at: 2, name: "DeepQuery")), ImageDrop(.field("User:1", "warned"))])
    #expect(try FileImage.decode(file) == SampleImages.everyKind())
  }

  /// Too deep in an outbox entry's variables or in its layer: the entry is left out whole
  /// (a layer missing a field would show what the mutation never said); the rest is kept.
  @Test func tooDeepOutboxValuesLeaveOutOnlyTheirEntry() throws {
    let tooDeep = DeepValues.json(depth: ImageFormat.maximumDepth + 1)
    var image = SampleImages.everyKind()
    image.outbox.append(OutboxEntry(
      id: "deep-variables", operationID: "dd", operationName: "Deep", document: "mutation Deep { deep }",
      variables: ["filter": tooDeep]))
    image.outbox.append(OutboxEntry(
      id: "deep-layer", operationID: "dd", operationName: "Deep", document: "mutation Deep { deep }", variables: [:],
      optimisticRecords: RecordSource([StoreRecord(id: "Deep:1", fields: ["deep": RecordField(.scalar(tooDeep))])])))
    let (file, dropped) = ImageEncoder.encode(image)
    #expect(
      Set(dropped) == [ImageDrop(.outboxEntry(at: 2, id: "deep-variables")), ImageDrop(.outboxEntry(at: 3, id: "deep-layer"))])
    #expect(try FileImage.decode(file) == SampleImages.everyKind())
  }

  /// A file of format version 1, written before images had an outbox, ends after its
  /// operations: it loads, with an empty outbox.
  @Test func aVersionOneImageLoadsWithAnEmptyOutbox() throws {
    var image = SampleImages.everyKind()
    image.outbox = []
    let current = ImageEncoder.encode(image, version: ImageEncoder.wholeVersion).file
    // Version 1's payload is version 3's without the outbox's count and the field ages'
    // two counts, the last three bytes here.
    let versionOne = ImageEncoder.file(payload: Array(current[ImageFormat.headerSize..<(current.count - 3)]), version: 1)
    #expect(current.suffix(3) == [0, 0, 0])
    #expect(try FileImage.decode(versionOne) == image)
  }

  /// Fields' fetch times and max ages round-trip, one time per commit shared by its fields.
  @Test func fieldAgesRoundTrip() throws {
    var image = SampleImages.everyKind()
    image.fieldAges = FieldAges(
      commitTimes: [1_000_000.25, 1_000_060.5],
      fields: [
        "User:1": ["login": FieldAges.Entry(commit: 0, maxAge: 30), "age": FieldAges.Entry(commit: 1, maxAge: 60)],
        "User:2": ["login": FieldAges.Entry(commit: 1, maxAge: 0.5)],
      ])
    let decoded = try FileImage.decode(FileImage.encode(image))
    #expect(decoded == image)
    #expect(decoded.fieldAges.age(of: "User:1", field: "age")?.fetchedAt == Date(timeIntervalSince1970: 1_000_060.5))
    #expect(decoded.fieldAges.age(of: "User:1", field: "age")?.maxAge == 60)
  }

  /// A file of format version 2, written before fields had fetch times, ends after its
  /// outbox: it loads, with no field ages.
  @Test func aVersionTwoImageLoadsWithNoFieldAges() throws {
    let image = SampleImages.everyKind()
    let current = ImageEncoder.encode(image, version: ImageEncoder.wholeVersion).file
    let versionTwo = ImageEncoder.file(payload: Array(current[ImageFormat.headerSize..<(current.count - 2)]), version: 2)
    #expect(current.suffix(2) == [0, 0])
    let decoded = try FileImage.decode(versionTwo)
    #expect(decoded == image)
    #expect(decoded.fieldAges.isEmpty)
  }

  /// A field age pointing past the commit times is damage, not a time made up.
  @Test func aFieldAgeOfNoCommitIsDamage() throws {
    func file(commit: Int) -> [UInt8] {
      var payload = ByteWriter()
      // No strings, records, operations or outbox entries.
      for _ in 0..<4 { payload.count(0) }
      payload.count(1)
      payload.uint64(Double(5).bitPattern)
      payload.count(1)
      for text in ["A:1"] {
        payload.count(text.utf8.count * 2 + 1)
        payload.raw(Array(text.utf8))
      }
      payload.count(1)
      payload.count(3)
      payload.raw(Array("a".utf8))
      payload.count(commit)
      payload.uint64(Double(1).bitPattern)
      return ImageEncoder.file(payload: payload.bytes)
    }
    #expect(try FileImage.decode(file(commit: 0)).fieldAges.age(of: "A:1", field: "a")?.maxAge == 1)
    #expect(throws: ImageError.self) { try FileImage.decode(file(commit: 1)) }
  }

  /// A value 100,000 lists deep (no encoder of the format writes one) is read past on a
  /// small stack and left out with its field; the record and the rest of the file load.
  @Test func deepNestingIsReadPastNotRecursedInto() async throws {
    // One string "k"; one record "k" with a field "k" holding lists nested 100,000 deep
    // and a field "j" holding null; no operations, no outbox.
    var writer = ByteWriter()
    writer.count(1)
    writer.count(1)
    writer.raw(Array("k".utf8))
    writer.count(1)
    writer.count(0)
    writer.byte(0)
    writer.count(2)
    writer.count(0)
    for _ in 0..<100_000 {
      writer.byte(ImageFormat.ValueTag.list.rawValue)
      writer.count(1)
    }
    writer.byte(ImageFormat.ValueTag.null.rawValue)
    writer.count(0)
    writer.count(3)
    writer.raw(Array("j".utf8))
    writer.byte(ImageFormat.ValueTag.null.rawValue)
    writer.count(0)
    writer.count(0)
    writer.count(0)
    // No commit times, no field ages.
    writer.count(0)
    writer.count(0)
    let bytes = Self.header(payload: writer.bytes) + writer.bytes
    let (image, dropped) = try await onSmallStack { try ImageDecoder.decode(bytes) }
    #expect(image.records["k"]?.fields == ["j": RecordField(.null)])
    #expect(dropped == [ImageDrop(.field("k", "k"))])
  }

  static func header(payload: [UInt8]) -> [UInt8] {
    var header = ByteWriter()
    header.raw(ImageFormat.magic)
    header.uint32(ImageEncoder.wholeVersion)
    header.uint32(0)
    header.uint64(UInt64(payload.count))
    header.uint32(Checksum.crc32c(payload))
    header.uint32(Checksum.crc32c(header.bytes))
    return header.bytes
  }

  /// Rewrites the length and both checksums to match the bytes.
  static func resign(_ bytes: inout [UInt8]) {
    let payload = Array(bytes[ImageFormat.headerSize...])
    bytes.replaceSubrange(0..<ImageFormat.headerSize, with: header(payload: payload))
  }
}
