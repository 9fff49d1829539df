/// Stores the nodes of one kind that a parse reads in chunks of growing size: one at a
/// time, each with a slot of its own (`reserveSlot()`), or in runs, one open at a time. A
/// run that outgrows its chunk moves to a larger one, so that each run stays contiguous.
///
/// The writer keeps its own count of the current chunk's initialized elements, so that
/// storing a node touches no reference count; `close()` hands the count to the chunk,
/// which needs it to free its nodes.
struct NodeWriter<Element: Sendable> {
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

  /// The address of a node of its own and its slot; the caller must initialize the
  /// address before anything reads the slot or anything can throw. Callers build the
  /// parts in place, since finished parts passed in would be copied rather than moved.
  @inline(__always)
  mutating func reserveSlot() -> (UnsafeMutablePointer<Element>, NodeSlot<Element>) {
    // A run of its own, which never needs moving.
    runStart = used
    let address = reserve()
    return (address, NodeSlot(chunk: chunk.unsafelyUnwrapped, index: used &- 1))
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
