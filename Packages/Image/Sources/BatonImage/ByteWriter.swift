import BatonNormalizer

/// Appends the primitive encodings of `ImageFormat` to a growing byte buffer.
struct ByteWriter {
  var bytes: [UInt8] = []

  init(reservingCapacity capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  mutating func byte(_ value: UInt8) {
    bytes.append(value)
  }

  mutating func bool(_ value: Bool) {
    bytes.append(value ? 1 : 0)
  }

  /// Unsigned LEB128: seven bits per byte, low bits first, high bit set on all but the last.
  mutating func varint(_ value: UInt64) {
    var rest = value
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  mutating func count(_ value: Int) {
    varint(UInt64(value))
  }

  /// Zigzag, so small negative numbers stay short: 0, -1, 1, -2 become 0, 1, 2, 3.
  mutating func signed(_ value: Int) {
    let wide = Int64(value)
    varint(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
  }

  mutating func uint32(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
  }

  mutating func uint64(_ value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
  }

  mutating func raw(_ other: some Sequence<UInt8>) {
    bytes.append(contentsOf: other)
  }

  /// The text of `id`, `count` bytes: written on the stack, then appended as one copy (an
  /// id made of parts has no text to append whole).
  mutating func text(of id: RecordID, count: Int) {
    withUnsafeTemporaryAllocation(byteCount: count, alignment: 1) { buffer in
      id.writeUTF8(into: buffer)
      bytes.append(contentsOf: UnsafeRawBufferPointer(buffer))
    }
  }
}
