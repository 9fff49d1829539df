/// The parts of many nodes of one kind side by side in one allocation.
///
/// Fields in operations, and field and argument definitions in schemas, are the bulk of
/// every document. A parse stores each such node's parts in the current chunk of a
/// `NodeWriter`, so that thousands of nodes cost a few dozen allocations rather than one
/// box each, and arrays of them hold a word or two per node rather than the whole parts.
/// A node built in code gets a chunk of its own.
///
/// Chunks form no reference cycles: a node's parts refer only to nodes in other writers'
/// chunks (a field's selection set holds fields one level deeper; see
/// `ParsedNodes`).
final class NodeChunk<Parts: Sendable>: @unchecked Sendable {
  // @unchecked: each slot is written once, by the parse that made the chunk, before any
  // node referring to it leaves the parser; afterwards the chunk is only read.
  let elements: UnsafeMutablePointer<Parts>
  let capacity: Int
  var count = 0

  /// The most nodes a chunk that grows with its document takes: about 32 KB. The C
  /// allocator hands out larger blocks as pages of their own and gives them back to the
  /// system when they are freed, so a program that parses again and again would fault
  /// them in afresh each time (a tenth of a parse).
  static var largestCapacity: Int {
    max(8, 32_768 / MemoryLayout<Parts>.stride)
  }

  init(capacity: Int) {
    self.capacity = capacity
    elements = UnsafeMutablePointer.allocate(capacity: capacity)
  }

  deinit {
    elements.deinitialize(count: count)
    elements.deallocate()
  }
}

/// One node's slot in a `NodeChunk`.
struct NodeSlot<Parts: Sendable>: Sendable {
  private let chunk: NodeChunk<Parts>
  private let index: UInt32

  /// A node of its own, built in code.
  init(_ parts: consuming Parts) {
    chunk = NodeChunk(capacity: 1)
    chunk.elements.initialize(to: parts)
    chunk.count = 1
    index = 0
  }

  init(chunk: NodeChunk<Parts>, index: Int) {
    self.chunk = chunk
    self.index = UInt32(truncatingIfNeeded: index)
  }

  @inline(__always)
  func read<T>(_ body: (borrowing Parts) -> T) -> T {
    body(chunk.elements[Int(index)])
  }

  var parts: Parts { read { $0 } }

  /// Whether both are the same slot, and so hold equal parts. (Nodes compare their parts
  /// themselves: a generic comparison here would add frames to every level of a deep
  /// document's comparison, which debug builds run on small stacks too.)
  func isSame(as other: NodeSlot<Parts>) -> Bool {
    chunk === other.chunk && index == other.index
  }

  /// Changes the parts, which then move to a chunk of their own: others share this one.
  mutating func change(_ body: (inout Parts) -> Void) {
    var parts = self.parts
    body(&parts)
    self = NodeSlot(parts)
  }
}
