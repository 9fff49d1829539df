extension UInt32 {
  /// The four bytes at `offset` read as a little-endian integer; the caller checks bounds.
  init(littleEndianBytes bytes: UnsafeRawBufferPointer, at offset: Int) {
    self = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
      | UInt32(bytes[offset + 3]) << 24
  }
}
