@_spi(Development) import BatonNormalizer
import BatonStore
import Foundation

/// The records of a version 5 or 6 image file, read on demand from the file's bytes: what
/// `FileImage.load()` hands the store as its records (`RecordSource(backing:)`), so that
/// opening a store costs its header, directory and operations, not its records.
///
/// A lookup hashes the id, probes the index (`ImageIndex`) and decodes the one record it
/// lands on; `contains` compares the id without decoding the fields. Each chunk a read
/// touches is checked against its checksum the first time (`ChunkChecks`): a record in a
/// damaged chunk reads as missing, which the store heals as it does any missing data, and
/// the damage is reported once.
///
/// The bytes are the file mapped into memory (`Data(contentsOf:options: .alwaysMapped)`
/// maps on Linux as on Apple platforms): only the pages a read touches are read from disk.
/// The mapping stays valid when a compaction renames a new image over the file or `erase()`
/// unlinks it: a mapping holds the inode, which lives until it is unmapped (so the old
/// file's disk space is freed when the last source over these records goes). The image is
/// never written in place (`AtomicFile`), so the mapped bytes never change under a read.
final class ImageRecords: RecordBacking {
  private let bytes: Data
  private let directory: ImageDirectory
  private let checks: ChunkChecks
  /// The string table, made at open.
  private let strings: [String?]
  private let report: @Sendable (Finding) -> Void
  /// The damage reported already, so a record read again is not reported again.
  private let reported = Locked(Set<String>())

  /// What a read found that the log should hear about.
  enum Finding: Sendable {
    /// Part of the file is damaged; the records there read as missing.
    case damage(String)
    /// Values nesting too deep, left out of the record read.
    case dropped([ImageDrop])
  }

  private init(_ bytes: Data, _ directory: ImageDirectory, report: @escaping @Sendable (Finding) -> Void) {
    self.bytes = bytes
    self.directory = directory
    self.report = report
    let checks = ChunkChecks(directory) { report(.damage($0)) }
    self.checks = checks
    // The table holds keys, typenames and names, not ids or values: it grows with the
    // schema's keys, not with the records, and made once its strings serve every read.
    strings = bytes.withUnsafeBytes { file in
      let reader = LazyImageReader(file: file, directory: directory, checks: checks)
      return (0..<directory.stringCount).map { try? reader.string($0) }
    }
  }

  /// The image in the bytes of a version 5 or 6 file: its operations, outbox and field ages
  /// decoded, its records and seen records read on demand. Throws when the header, the
  /// directory or the operations, outbox and field ages are damaged: those are the image.
  /// What later reads find is told to `report`.
  /// - Complexity: O(operations, outbox, field ages and the string table): nothing here is
  ///   read per record.
  static func open(
    _ bytes: Data, report: @escaping @Sendable (Finding) -> Void
  ) throws(ImageError) -> (image: StoreImage, dropped: [ImageDrop], generation: UInt32) {
    let outcome: Result<(StoreImage, [ImageDrop], UInt32), ImageError> = bytes.withUnsafeBytes { file in
      Result { () throws(ImageError) -> (StoreImage, [ImageDrop], UInt32) in
        let (version, generation) = try ImageDecoder.checkHeader(file)
        guard version >= ImageFormat.sectionsVersion else { throw .unsupportedVersion(version) }
        let directory = try ImageDecoder.directory(file)
        guard directory.slotCount > 0 || directory.recordCount == 0 else {
          throw .damaged("the image has records and no index to find them by", offset: 0)
        }
        let records = ImageRecords(bytes, directory, report: report)
        let reader = records.reader(file)
        var decoder = ImageDecoder(
          try reader.bytes(records.directory[.rest]), version: version, table: reader, seen: .onDemand(records))
        let (operations, outbox, fieldAges) = try decoder.rest()
        let image = StoreImage(
          records: RecordSource(backing: records), operations: operations, outbox: outbox, fieldAges: fieldAges)
        return (image, decoder.dropped, generation)
      }
    }
    return try outcome.get()
  }

  var count: Int { directory.recordCount }

  /// What the encoder estimated the records at, for the budget's cold records.
  var estimatedBytes: Int? { directory.estimatedBytes }

  /// Whether the index finds a record with the id, its id's bytes compared unchecked: a
  /// lookup touches the one slot and the id, not the 4 KiB chunks around them, so replaying
  /// a change log over a large image costs what the frames hold. A record in a damaged chunk
  /// is still here, as `count` counts it; reading it finds the damage and reads as missing.
  func contains(_ id: RecordID) -> Bool {
    read(checked: false) { reader in
      (try? Self.withUTF8(of: id) { utf8 throws(ImageError) in try reader.record(utf8) }) != nil
    }
  }

  func record(_ id: RecordID) -> StoreRecord? {
    read { reader in
      do {
        guard let bytes = try Self.withUTF8(of: id, { utf8 throws(ImageError) in try reader.record(utf8) }) else { return nil }
        let (record, dropped) = try reader.decodeRecord(bytes)
        if !dropped.isEmpty { report(.dropped(dropped)) }
        return record
      } catch {
        reportOnce(error, reading: "record \(id)")
        return nil
      }
    }
  }

  func forEachID(_ body: (RecordID) -> Void) {
    read { reader in
      reader.forEachRecord { result in
        do {
          let text = try reader.idBytes(of: try result.get())
          guard let id = ImageDecoder.string(text) else { throw ImageError.damaged("a record id is not valid UTF-8", offset: 0) }
          body(RecordID(id))
        } catch {
          reportOnce(error, reading: "a record id")
        }
      }
    }
  }

  /// The seen records at `offset` of their section; none when they cannot be read (the
  /// damage is reported).
  func seenRecords(at offset: UInt64) -> Set<RecordID> {
    read { reader in
      do {
        return try reader.seenRecords(at: offset)
      } catch {
        reportOnce(error, reading: "an operation's seen records")
        return []
      }
    }
  }

  /// A reader of `file`; `checked`, one that checks each chunk it touches first.
  private func reader(_ file: UnsafeRawBufferPointer, checked: Bool = true) -> LazyImageReader {
    LazyImageReader(file: file, directory: directory, checks: checked ? checks : nil, madeStrings: strings)
  }

  private func read<Result>(checked: Bool = true, _ body: (LazyImageReader) -> Result) -> Result {
    bytes.withUnsafeBytes { body(reader($0, checked: checked)) }
  }

  /// Reports damage a read met, once; a damaged chunk reported itself when it was checked.
  private func reportOnce(_ error: any Error, reading what: String) {
    if case .checksumMismatch? = error as? ImageError { return }
    let damage = "\(what) cannot be read and reads as missing: \(error)"
    guard reported.withLock({ $0.insert(damage).inserted }) else { return }
    report(.damage(damage))
  }

  /// Calls `body` with the UTF-8 of `id`, written on the stack.
  private static func withUTF8<Value>(
    of id: RecordID, _ body: (UnsafeRawBufferPointer) throws(ImageError) -> Value
  ) throws(ImageError) -> Value {
    let outcome: Result<Value, ImageError> = withUnsafeTemporaryAllocation(byteCount: id.utf8Count, alignment: 1) { buffer in
      id.writeUTF8(into: buffer)
      return Result { () throws(ImageError) -> Value in try body(UnsafeRawBufferPointer(buffer)) }
    }
    return try outcome.get()
  }
}
