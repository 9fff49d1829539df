extension UnsafeRawBufferPointer {
  /// Whether the two buffers hold the same bytes, compared eight at a time: what record
  /// ids, the JSON tape's keys and an image's ids are compared by, where the generic
  /// `elementsEqual` walked them through an iterator a byte at a time.
  package func sameBytes(as other: UnsafeRawBufferPointer) -> Bool {
    guard count == other.count else { return false }
    var offset = 0
    while count - offset >= 8 {
      guard loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        == other.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      else { return false }
      offset += 8
    }
    while offset < count {
      guard self[offset] == other[offset] else { return false }
      offset += 1
    }
    return true
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// `UnsafeRawBufferPointer.sameBytes(as:)` over bytes.
  func sameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
    UnsafeRawBufferPointer(self).sameBytes(as: UnsafeRawBufferPointer(other))
  }
}
