/// The elements of the lists a parse has open (field definitions, arguments, enum
/// values...), each list above the one it is nested in, moved into an array of its exact
/// size when it closes.
///
/// Appending to each list's own array grew it by doubling: GitHub's schema grew arrays a
/// thousand times a parse, each an allocation and a copy. A list is parsed whole before
/// its parent's next element is pushed, so the open lists nest like a stack, and one
/// buffer of raw bytes serves every element type.
struct ListStack {
  private var base: UnsafeMutableRawPointer?
  private var capacity = 0
  /// The offset just past the last element pushed.
  private(set) var top = 0

  /// Every element starts at a multiple of this; no AST node needs more.
  private static let alignment = 8

  /// Room for one more element, which the caller must initialize at once.
  @inline(__always)
  mutating func push<Element>(_: Element.Type) -> UnsafeMutablePointer<Element> {
    precondition(MemoryLayout<Element>.alignment <= Self.alignment)
    let stride = Self.rounded(MemoryLayout<Element>.stride)
    if top &+ stride > capacity {
      grow(to: top &+ stride)
    }
    let slot = (base.unsafelyUnwrapped + top).assumingMemoryBound(to: Element.self)
    top &+= stride
    return slot
  }

  /// Moves the elements pushed since `mark` (which `top` gave) into an array, and pops
  /// them.
  @inline(__always)
  mutating func pop<Element>(_: Element.Type, from mark: Int) -> [Element] {
    let stride = Self.rounded(MemoryLayout<Element>.stride)
    let count = (top &- mark) / stride
    guard count > 0 else { return [] }
    let first = base.unsafelyUnwrapped + mark
    top = mark
    // Not `Array(unsafeUninitializedCapacity:)`: it looks up the storage class's generic
    // metadata on every call, which reserving capacity does once.
    var array: [Element] = []
    array.reserveCapacity(count)
    for index in 0..<count {
      array.append((first + index &* stride).assumingMemoryBound(to: Element.self).move())
    }
    return array
  }

  /// Frees the buffer. Every list is popped by then, even one a syntax error cut short.
  mutating func close() {
    base?.deallocate()
    base = nil
    capacity = 0
  }

  /// Swift values move by copying their bytes, so elements of any type move as bytes.
  @inline(never)
  private mutating func grow(to needed: Int) {
    let newCapacity = Swift.max(needed, capacity &* 2, 4096)
    let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: Self.alignment)
    if let base {
      grown.copyMemory(from: base, byteCount: top)
      base.deallocate()
    }
    base = grown
    capacity = newCapacity
  }

  @inline(__always)
  private static func rounded(_ size: Int) -> Int {
    (size &+ alignment &- 1) & ~(alignment &- 1)
  }
}
