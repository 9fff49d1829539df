extension UnsafeBufferPointer<UInt8> {
  /// Whether the two buffers hold the same bytes, compared eight at a time: the generic
  /// `elementsEqual` walked them through an iterator a byte at a time, for every key the
  /// scan and the normalizer compare.
  func sameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
    guard count == other.count else { return false }
    guard let lhs = baseAddress, let rhs = other.baseAddress else { return true }
    let left = UnsafeRawPointer(lhs)
    let right = UnsafeRawPointer(rhs)
    var offset = 0
    while count - offset >= 8 {
      guard left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      else { return false }
      offset += 8
    }
    while offset < count {
      guard lhs[offset] == rhs[offset] else { return false }
      offset += 1
    }
    return true
  }
}
