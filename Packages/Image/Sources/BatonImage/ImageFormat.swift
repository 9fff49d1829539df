@_spi(Development) import BatonNormalizer

/// The layout of an image file. All integers are little-endian.
///
/// ```
/// header (32 bytes)
///   0  magic        8 bytes  "BATONIMG"
///   8  version      UInt32   `ImageFormat.version`
///  12  generation   UInt32   (version 4; 0 before) which whole write of the file this is:
///                            the change log beside it (`ChangeLogFormat`) names the
///                            generation its frames follow
///  16  length       UInt64   payload bytes; header + payload is the whole file
///  24  payload CRC  UInt32   CRC-32C of the payload
///  28  header CRC   UInt32   CRC-32C of bytes 0..<28
/// payload
///   strings     count, then each: byte count, UTF-8 bytes (every key, id, typename,
///               number and short string value, once)
///   records     count, then each: id, typename flag (0 none, 1 then the typename),
///               field count, then each field: storage key, value, error count, errors
///               (each: message, path count and keys or indices, extensions flag and JSON)
///   operations  count, then each: operation id, name, variables, fetched-at flag and
///               time, marked-stale flag, seen record ids, operation errors
///   outbox      (version 2) count, then each pending mutation, oldest first: client id,
///               operation id, name, document, variables, its optimistic layer's records
///               (as `records` above) and deleted record ids
///   field ages  (version 3) commit count and each commit's time, then the records with
///               fields that have a max age: count, then each: id, field count, then each
///               field: storage key, commit index, max age in seconds (a Double's bits)
/// ```
///
/// A version 1 file (no outbox) still loads, with an empty outbox, and a version 1 or 2
/// file with no field fetch times; version 3 has the payload of version 4 and no
/// generation (its header word is 0). A save writes version 4.
///
/// A string below is one varint `n`: even, it is entry `n / 2` of the string table; odd, the
/// string follows in place as `(n - 1) / 2` UTF-8 bytes. String values longer than
/// `maximumInternedLength` go in place: hashing a long text to share it costs more than
/// the bytes it would save, since bodies and descriptions rarely repeat. Ids always go
/// through the table: each appears as a record, in links and in seen records.
///
/// Counts and lengths are unsigned LEB128 varints; list indices in error paths are zigzag
/// varints; times are the bit pattern of `Date.timeIntervalSinceReferenceDate` (a Double,
/// so a time reads back exactly).
/// A value starts with a `ValueTag`, a JSON value with a `JSONTag`.
enum ImageFormat {
  static let magic: [UInt8] = Array("BATONIMG".utf8)
  /// Raised whenever the payload layout changes; a file of a version not in
  /// `readableVersions` is set aside.
  static let version: UInt32 = 4
  /// The versions a load reads: this one, 3, which has no generation, 2, which ends before
  /// the fields' fetch times, and 1, which ends before the outbox.
  static let readableVersions: ClosedRange<UInt32> = 1...4
  /// The first version whose header holds a generation.
  static let generationVersion: UInt32 = 4
  static let headerSize = 32
  static let maximumInternedLength = 64

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
