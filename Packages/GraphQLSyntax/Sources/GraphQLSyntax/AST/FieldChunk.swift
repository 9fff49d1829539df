/// The parts of many fields side by side in one allocation.
///
/// Fields are the bulk of every operation. A parse stores the parts of each field in the
/// current chunk of its depth (`FieldWriter`), so a document of thousands of fields costs
/// a few dozen allocations rather than one box per field; a field built in code gets a
/// chunk of its own.
///
/// Chunks form no reference cycles: a field's parts refer only to the fields of its
/// selection set, which are one level deeper and so in another writer's chunks.
final class FieldChunk: @unchecked Sendable {
  // @unchecked: each slot is written once, by the parse that made the chunk, before any
  // `Field` referring to it leaves the parser; afterwards the chunk is only read.
  let elements: UnsafeMutablePointer<Field.Parts>
  let capacity: Int
  var count = 0

  init(capacity: Int) {
    self.capacity = capacity
    elements = UnsafeMutablePointer.allocate(capacity: capacity)
  }

  deinit {
    elements.deinitialize(count: count)
    elements.deallocate()
  }
}

/// One field's slot in a `FieldChunk`.
struct FieldSlot: Sendable {
  private let chunk: FieldChunk
  private let index: UInt32

  /// A field of its own, built in code.
  init(_ parts: consuming Field.Parts) {
    chunk = FieldChunk(capacity: 1)
    chunk.elements.initialize(to: parts)
    chunk.count = 1
    index = 0
  }

  fileprivate init(chunk: FieldChunk, index: Int) {
    self.chunk = chunk
    self.index = UInt32(truncatingIfNeeded: index)
  }

  @inline(__always)
  func read<T>(_ body: (borrowing Field.Parts) -> T) -> T {
    body(chunk.elements[Int(index)])
  }

  var parts: Field.Parts { read { $0 } }

  /// Whether both are the same slot, and so hold equal parts.
  func isSame(as other: FieldSlot) -> Bool {
    chunk === other.chunk && index == other.index
  }
}

/// Stores the fields a parse reads at one depth in chunks of growing size.
struct FieldWriter {
  private var chunk: FieldChunk?
  private var nextCapacity = 8

  /// A new field, its parts built in place in the next free slot.
  @inline(__always)
  mutating func append(
    alias: consuming Name?, name: consuming Name, arguments: consuming [Argument],
    directives: consuming [Directive], selectionSet: consuming SelectionSet?, loc: Location?
  ) -> Field {
    let target: FieldChunk
    if let chunk, chunk.count < chunk.capacity {
      target = chunk
    } else {
      target = FieldChunk(capacity: nextCapacity)
      nextCapacity = min(nextCapacity * 2, 1024)
      chunk = target
    }
    let index = target.count
    (target.elements + index).initialize(
      to: Field.Parts(
        alias: alias, name: name, arguments: arguments, directives: directives,
        selectionSet: selectionSet, loc: loc))
    target.count = index + 1
    return Field(FieldSlot(chunk: target, index: index))
  }
}
