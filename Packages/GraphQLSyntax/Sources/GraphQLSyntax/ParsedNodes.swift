/// Where one parse stores the nodes it keeps in chunks (see `NodeChunk`).
///
/// A class, so that the parser stays small: debug builds give every temporary copy of the
/// parser its own stack slot in each recursive frame, and the deepest documents must
/// still parse on a 512 KB stack. Its properties skip the runtime's exclusivity checks,
/// which cost a sixth of a parse: only the one parser that owns it touches it, one access
/// at a time.
final class ParsedNodes {
  /// The writers of selections (fields in place), one per depth of nesting, in a buffer
  /// of their own: an array would check its uniqueness on every write.
  ///
  /// One per depth, so that no chunk refers to itself: a selection's chunk refers only to
  /// the chunks of the selections one level deeper. A selection set is parsed whole
  /// before the next one at its depth starts, so each set's selections are one run.
  @exclusivity(unchecked) private var byDepth: UnsafeMutablePointer<NodeWriter<Field.Parts>>
  @exclusivity(unchecked) private var depthCapacity = 8
  /// Field definitions hold input value definitions, which hold no definitions, so
  /// neither writer's chunks refer back to their own.
  @exclusivity(unchecked) var fieldDefinitions = NodeWriter<FieldDefinition.Parts>()
  @exclusivity(unchecked) var inputValues = NodeWriter<InputValueDefinition.Parts>()
  @exclusivity(unchecked) var longNames = LongNames()
  @exclusivity(unchecked) var lists = ListStack()

  init() {
    byDepth = .allocate(capacity: depthCapacity)
    byDepth.initialize(repeating: NodeWriter(), count: depthCapacity)
  }

  deinit {
    for depth in 0..<depthCapacity {
      byDepth[depth].close()
    }
    fieldDefinitions.close()
    inputValues.close()
    longNames.close()
    lists.close()
    byDepth.deinitialize(count: depthCapacity)
    byDepth.deallocate()
  }

  @inline(never)
  private func growDepths(to depth: Int) {
    let capacity = max(depthCapacity * 2, depth + 1)
    let grown = UnsafeMutablePointer<NodeWriter<Field.Parts>>.allocate(capacity: capacity)
    grown.moveInitialize(from: byDepth, count: depthCapacity)
    (grown + depthCapacity).initialize(repeating: NodeWriter(), count: capacity - depthCapacity)
    byDepth.deallocate()
    byDepth = grown
    depthCapacity = capacity
  }

  /// Opens the run of a selection set's selections at `depth`.
  @inline(__always)
  func startSelections(atDepth depth: Int) {
    if depth >= depthCapacity {
      growDepths(to: depth)
    }
    byDepth[depth].startRun()
  }

  /// Room for a field's parts in the open run at `depth`; the caller must initialize it at
  /// once (see `NodeWriter.reserve()`).
  @inline(__always)
  func reserveField(atDepth depth: Int) -> UnsafeMutablePointer<Field.Parts> {
    byDepth[depth].reserve()
  }

  @inline(__always)
  func appendSelection(_ selection: consuming Selection, atDepth depth: Int) {
    byDepth[depth].append(Field.Parts(fragment: selection))
  }

  /// The selections of the set at `depth`, from `startSelections(atDepth:)` on.
  @inline(__always)
  func finishSelections(atDepth depth: Int) -> SelectionList {
    guard let run = byDepth[depth].finishRun() else { return SelectionList() }
    return SelectionList(run)
  }
}
