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

  /// Runs `body` on the element at `position`, in place.
  func read<T>(_ position: Int, _ body: (borrowing Element) -> T) -> T {
    precondition(position >= 0 && position < count, "Index out of range")
    return body(chunk.elements[Int(start) &+ position])
  }

  /// The slot of the element at `position`, for a node that keeps its parts there.
  func slot(at position: Int) -> NodeSlot<Element> {
    NodeSlot(chunk: chunk, index: Int(start) &+ position)
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
    reserve().initialize(to: consume element)
  }

  /// The address of the run's next element, which the caller must initialize before
  /// anything can throw; callers build large elements in place this way.
  @inline(__always)
  mutating func reserve() -> UnsafeMutablePointer<Element> {
    if used == capacity {
      grow()
    }
    let address = elements.unsafelyUnwrapped + used
    used &+= 1
    return address
  }

  /// Moves the open run to a new chunk with room for more.
  @inline(never)
  private mutating func grow() {
    let length = used - runStart
    let target = NodeChunk<Element>(capacity: max(nextCapacity, length * 2))
    nextCapacity = min(nextCapacity * 2, NodeChunk<Element>.largestCapacity)
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
