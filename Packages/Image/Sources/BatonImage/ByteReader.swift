/// Reads the primitive encodings of `ImageFormat` from a buffer, checking every bound.
///
/// Only valid while the buffer it was made over is; the decoder keeps it inside one
/// `withUnsafeBytes` call.
struct ByteReader {
  let buffer: UnsafeRawBufferPointer
  private(set) var offset = 0

  init(_ buffer: UnsafeRawBufferPointer) {
    self.buffer = buffer
  }

  var remaining: Int { buffer.count - offset }
  var isAtEnd: Bool { offset == buffer.count }

  func damaged(_ reason: String) -> ImageError {
    .damaged(reason, offset: offset)
  }

  mutating func byte() throws(ImageError) -> UInt8 {
    guard offset < buffer.count else { throw damaged("unexpected end of the payload") }
    let value = buffer[offset]
    offset += 1
    return value
  }

  mutating func bool() throws(ImageError) -> Bool {
    switch try byte() {
    case 0: return false
    case 1: return true
    case let other: throw damaged("\(other) is not a boolean")
    }
  }

  mutating func varint() throws(ImageError) -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let next = try byte()
      guard shift < 63 || (shift == 63 && next <= 1) else { throw damaged("a number does not fit in 64 bits") }
      value |= UInt64(next & 0x7F) << shift
      if next & 0x80 == 0 { return value }
      shift += 7
    }
  }

  /// A count of items that each take at least `minimumItemSize` bytes, so a damaged count
  /// cannot make the decoder reserve more than the file could hold.
  mutating func count(minimumItemSize: Int = 1) throws(ImageError) -> Int {
    let value = try varint()
    guard value <= UInt64(remaining / max(minimumItemSize, 1)) else {
      throw damaged("a count of \(value) exceeds the \(remaining) bytes left")
    }
    return Int(value)
  }

  mutating func signed() throws(ImageError) -> Int {
    let raw = try varint()
    let value = Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    guard let result = Int(exactly: value) else { throw damaged("a number does not fit in Int") }
    return result
  }

  mutating func uint64() throws(ImageError) -> UInt64 {
    guard remaining >= 8 else { throw damaged("unexpected end of the payload") }
    var value: UInt64 = 0
    for index in 0..<8 { value |= UInt64(buffer[offset + index]) << UInt64(index * 8) }
    offset += 8
    return value
  }

  /// The next `count` bytes, which the caller uses before the buffer goes away.
  mutating func bytes(_ count: Int) throws(ImageError) -> UnsafeRawBufferPointer {
    guard count >= 0, count <= remaining else { throw damaged("a length of \(count) exceeds the \(remaining) bytes left") }
    let slice = UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + count)])
    offset += count
    return slice
  }
}
