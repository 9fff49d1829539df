/// A run of consecutive elements in a `NodeChunk`: the selections of one parsed selection
/// set.
struct NodeRun<Element: Sendable>: Sendable {
  private let chunk: NodeChunk<Element>
  // 32 bits each keep a run, and so a selection set, two words long.
  private let start: UInt32
  private let storedCount: UInt32

  init(chunk: NodeChunk<Element>, start: Int, count: Int) {
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
