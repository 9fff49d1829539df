@_spi(Development) import BatonNormalizer

/// The layout of an image file. All integers are little-endian.
///
/// ```
/// header (32 bytes)
///   0  magic        8 bytes  "BATONIMG"
///   8  version      UInt32   `ImageFormat.version`
///  12  generation   UInt32   (version 4 on; 0 before) which whole write of the file this
///                            is: the change log beside it (`ChangeLogFormat`) names the
///                            generation its frames follow
///  16  length       UInt64   bytes after the header
///  24  check        UInt32   CRC-32C of the directory (version 5 on; of the payload before)
///  28  header CRC   UInt32   CRC-32C of bytes 0..<28
/// directory (version 5 on, `ImageDirectory`, 144 bytes): the chunk size, the string, record
///   and index slot counts, then each section's offset and length from the start of the file
/// sections (version 5 on), one after the other
///   string offsets  (string count + 1) UInt64s: string k is the string bytes k..<k+1
///   string bytes    the UTF-8 of the table's strings, one after the other
///   index           slot count (half again the record count) slots of 8 bytes: the
///                   record's offset in the records section plus one (0: a free slot)
///                   above a tag of the id's hash (`ImageIndex`). Open addressing: a
///                   record sits in the first free slot from its hash.
///   records         each record: its byte count, then id, typename flag (0 none, 1 then
///                   the typename), field count, then each field: storage key, value,
///                   error count, errors (each: message, path count and keys or indices,
///                   extensions flag and JSON)
///   seen records    each operation's: byte count, then the records it saw that the image
///                   holds (count, then each one's offset in the records section as the
///                   difference from the one before) and the others (count, then each id)
///   operations ...  operations, outbox and field ages, as the payload below, except that
///                   an operation holds the offset of its seen records in their section
///                   and a layer's records are written as the records section's are;
///                   from version 6 on an operation's variables are the JSON text its
///                   key ends with (`OperationImage.key`: the id, ":" and the variables
///                   as canonical JSON), written in place
///   chunk table     a CRC-32C of each `chunkSize` bytes of the file before the table
/// payload (versions 1 to 4)
///   strings     count, then each: byte count, UTF-8 bytes
///   records     count, then each record as above, without its byte count
///   operations  count, then each: operation id, name, variables, fetched-at flag and
///               time, marked-stale flag, seen record ids, operation errors
///   outbox      (version 2 on) count, then each pending mutation, oldest first: client id,
///               operation id, name, document, variables, its optimistic layer's records
///               (as `records` above) and deleted record ids
///   field ages  (version 3 on) commit count and each commit's time, then the records with
///               fields that have a max age: count, then each: id, field count, then each
///               field: storage key, commit index, max age in seconds (a Double's bits)
/// ```
///
/// Versions 5 and 6 open without reading its records: the header, the directory and the
/// operations, outbox and field ages are checked and decoded at open; a record is found
/// through the index and its chunks are checked the first time a read touches them, so a
/// damaged chunk costs the records in it (read as missing), not the file. Versions 1 to 4
/// are read whole, as they were written: a version 1 file (no outbox) loads with an empty
/// outbox, a version 1 or 2 file with no field fetch times, version 3 has the payload of
/// version 4 and no generation (its header word is 0). Version 5 is version 6 with each
/// operation's variables written value by value, so that an open made every key again. A
/// save writes version 6.
///
/// A string below is one varint `n`: even, it is entry `n / 2` of the string table; odd, the
/// string follows in place as `(n - 1) / 2` UTF-8 bytes. Version 5 on shares through the table
/// what recurs from record to record (storage keys, object keys, typenames) and writes ids
/// and values in place, so a record reads from its own bytes and a few table entries; the
/// versions before shared ids and short values as well.
///
/// Counts and lengths are unsigned LEB128 varints; list indices in error paths are zigzag
/// varints; times are the bit pattern of `Date.timeIntervalSinceReferenceDate` (a Double,
/// so a time reads back exactly).
/// A value starts with a `ValueTag`, a JSON value with a `JSONTag`.
enum ImageFormat {
  static let magic: [UInt8] = Array("BATONIMG".utf8)
  /// Raised whenever the layout changes; a file of a version not in `readableVersions` is
  /// set aside.
  static let version: UInt32 = 6
  /// The versions a load reads: this one, 5, whose variables are written apart, 4, the last
  /// read whole, 3, which has no generation, 2, which ends before the fields' fetch times,
  /// and 1, which ends before the outbox.
  static let readableVersions: ClosedRange<UInt32> = 1...6
  /// The first version whose header holds a generation.
  static let generationVersion: UInt32 = 4
  /// The first version laid out in sections, read on demand.
  static let sectionsVersion: UInt32 = 5
  /// The first version whose operations hold their variables as their key writes them.
  static let keyVersion: UInt32 = 6
  static let headerSize = 32
  /// Bytes per checksummed chunk: a page, so the first read of a record checks about
  /// what it maps in.
  static let chunkSize = 4096

  /// The deepest nesting of lists, arrays and objects a value may have: the response
  /// reader's limit, so whatever the store took from a response the image keeps. A deeper
  /// value (only a local write makes one) is left out alone: values this deep are read,
  /// compared and freed by recursion elsewhere, and the limit bounds that.
  static let maximumDepth = JSONReader.defaultDepthLimit

  enum ValueTag: UInt8 {
    case null = 0, scalar = 1, link = 2, list = 3
  }

  enum JSONTag: UInt8 {
    case null = 0, `false` = 1, `true` = 2, number = 3, string = 4, array = 5, object = 6
  }

  enum PathTag: UInt8 {
    case key = 0, index = 1
  }
}
