/// A run of consecutive elements in a `NodeChunk`: the selections of one parsed selection
/// set.
struct NodeRun<Element: Sendable>: Sendable {
  private let chunk: NodeChunk<Element>
  // 32 bits each keep a run, and so a selection set, two words long.
  private let start: UInt32
  private let storedCount: UInt32

  fileprivate init(chunk: NodeChunk<Element>, start: Int, count: Int) {
    self.chunk = chunk
    self.start = UInt32(truncatingIfNeeded: start)
    self.storedCount = UInt32(truncatingIfNeeded: count)
  }

  var count: Int { Int(storedCount) }

  subscript(position: Int) -> Element {
    precondition(position >= 0 && position < count, "Index out of range")
    return chunk.elements[Int(start) &+ position]
  }

  var array: [Element] {
    Array(UnsafeBufferPointer(start: chunk.elements + Int(start), count: count))
  }
}

/// Stores runs of elements one after another in chunks of growing size; one run is open
/// at a time. A run that outgrows its chunk moves to a larger one, so that each run stays
/// contiguous. As `NodeWriter` does, the writer keeps the count of initialized elements
/// itself until `close()`.
struct NodeRunWriter<Element: Sendable> {
  private var chunk: NodeChunk<Element>?
  private var elements: UnsafeMutablePointer<Element>?
  private var used = 0
  private var capacity = 0
  private var runStart = 0
  private var nextCapacity = 16

  /// Opens a run at the end of the current chunk.
  @inline(__always)
  mutating func startRun() {
    runStart = used
  }

  @inline(__always)
  mutating func append(_ element: consuming Element) {
    if used == capacity {
      grow()
    }
    (elements.unsafelyUnwrapped + used).initialize(to: consume element)
    used &+= 1
  }

  /// Moves the open run to a new chunk with room for more.
  @inline(never)
  private mutating func grow() {
    let length = used - runStart
    let target = NodeChunk<Element>(capacity: max(nextCapacity, length * 2))
    nextCapacity = min(nextCapacity * 2, 1024)
    if let elements, length > 0 {
      target.elements.moveInitialize(from: elements + runStart, count: length)
    }
    used = runStart
    close()
    chunk = target
    elements = target.elements
    used = length
    capacity = target.capacity
    runStart = 0
  }

  /// Closes the open run.
  @inline(__always)
  func finishRun() -> NodeRun<Element>? {
    guard used > runStart, let chunk else { return nil }
    return NodeRun(chunk: chunk, start: runStart, count: used - runStart)
  }

  /// Records in the current chunk how many of its elements are initialized.
  func close() {
    chunk?.count = used
  }
}
