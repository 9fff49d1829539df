@_spi(Development) import BatonNormalizer
import BatonStore
import Foundation

/// One save in the change log (`ChangeLogFormat`): the records written and removed since
/// the frame before, the operations that changed and their order, the outbox and the field
/// ages as they are.
///
/// ```
/// payload
///   removed     count, then each removed record's id: byte count, UTF-8
///   order       0 when the operations are those of the frame before; 1, count, then
///               each operation's key (byte count, UTF-8), least recently used first
///   image       the rest: an image file (`ImageFormat`, without an index: a frame is read
///               whole) of the records written (whole), the operations whose image
///               changed, the outbox and the field ages
/// ```
struct ChangeFrame {
  var removed: [RecordID]
  /// The keys of the operations, least recently used first; `nil` when they did not change.
  var order: [String]?
  /// The records written, the operations that changed, the outbox and the field ages.
  var image: StoreImage

  /// The frame that takes a store whose operations were `previous` to `change.image`.
  init(_ change: ImageChange, after previous: [OperationImage]) {
    removed = Array(change.removedRecords)
    var written = [RecordID: StoreRecord](minimumCapacity: change.writtenRecords.count)
    for id in change.writtenRecords { if let record = change.image.records[id] { written[id] = record } }
    let operations = change.image.operations
    var changed: [OperationImage] = []
    if operations != previous {
      let before = Dictionary(previous.map { ($0.key, $0) }, uniquingKeysWith: { $1 })
      changed = operations.filter { before[$0.key] != $0 }
      order = operations.map(\.key)
    }
    image = StoreImage(
      records: RecordSource(records: written), operations: changed, outbox: change.image.outbox,
      fieldAges: change.image.fieldAges)
  }

  private init(removed: [RecordID], order: [String]?, image: StoreImage) {
    self.removed = removed
    self.order = order
    self.image = image
  }

  /// The frame's bytes (header included), and the values its image leaves out.
  func encoded() -> (frame: [UInt8], dropped: [ImageDrop]) {
    // No index: a frame is read whole.
    let (file, dropped) = ImageEncoder.encode(image, indexed: false)
    var payload = ByteWriter(reservingCapacity: file.count + 16 * removed.count + 16)
    payload.count(removed.count)
    for id in removed { Self.text(id.rawValue, into: &payload) }
    if let order {
      payload.byte(1)
      payload.count(order.count)
      for key in order { Self.text(key, into: &payload) }
    } else {
      payload.byte(0)
    }
    payload.raw(file)
    return (ChangeLogFormat.frame(payload.bytes), dropped)
  }

  /// The frame a payload holds; throws when it is inconsistent.
  static func decode(_ payload: UnsafeRawBufferPointer) throws(ImageError) -> (frame: ChangeFrame, dropped: [ImageDrop]) {
    var reader = ByteReader(payload)
    let removedCount = try reader.count()
    var removed: [RecordID] = []
    removed.reserveCapacity(removedCount)
    for _ in 0..<removedCount { removed.append(RecordID(try text(&reader))) }
    var order: [String]?
    switch try reader.byte() {
    case 0: break
    case 1:
      let count = try reader.count()
      var keys: [String] = []
      keys.reserveCapacity(count)
      for _ in 0..<count { keys.append(try text(&reader)) }
      order = keys
    default: throw reader.damaged("the frame's operations flag is neither 0 nor 1")
    }
    let (image, dropped) = try ImageDecoder.decode(UnsafeRawBufferPointer(rebasing: payload[reader.offset...]))
    return (ChangeFrame(removed: removed, order: order, image: image), dropped)
  }

  /// `image` with this frame applied; throws, changing nothing, when the frame names an
  /// operation neither it nor `image` has.
  func apply(to image: inout StoreImage) throws(ImageError) {
    var operations = image.operations
    if let order {
      var known = Dictionary(image.operations.map { ($0.key, $0) }, uniquingKeysWith: { $1 })
      for operation in self.image.operations { known[operation.key] = operation }
      operations = []
      operations.reserveCapacity(order.count)
      for key in order {
        guard let operation = known[key] else { throw .damaged("a change log frame names an unknown operation \(key)", offset: 0) }
        operations.append(operation)
      }
    }
    for id in removed { image.records.remove(id) }
    for record in self.image.records.records.values {
      image.records.remove(record.id)
      image.records.merge(record)
    }
    image.operations = operations
    image.outbox = self.image.outbox
    image.fieldAges = self.image.fieldAges
  }

  private static func text(_ string: String, into writer: inout ByteWriter) {
    writer.count(string.utf8.count)
    writer.raw(string.utf8)
  }

  private static func text(_ reader: inout ByteReader) throws(ImageError) -> String {
    let bytes = try reader.bytes(try reader.count())
    guard let string = ImageDecoder.string(bytes) else { throw reader.damaged("a string is not valid UTF-8") }
    return string
  }
}
