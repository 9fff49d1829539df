/// Where one parse stores the nodes it keeps in chunks (see `NodeChunk`).
///
/// A class, so that the parser stays small: debug builds give every temporary copy of the
/// parser its own stack slot in each recursive frame, and the deepest documents must
/// still parse on a 512 KB stack. Its properties skip the runtime's exclusivity checks,
/// which cost a sixth of a parse: only the one parser that owns it touches it, one access
/// at a time.
final class ParsedNodes {
  /// The writers of fields and of selections, one of each per depth of nesting, in a
  /// buffer of their own: an array would check its uniqueness on every write.
  ///
  /// One per depth, so that no chunk refers to itself: a field's chunk refers only to the
  /// chunks of the selections one level deeper, whose chunk refers only to the fields at
  /// that level. A selection set is parsed whole before the next one at its depth starts,
  /// so each set's selections are one run.
  @exclusivity(unchecked) private var byDepth: UnsafeMutablePointer<DepthWriters>
  @exclusivity(unchecked) private var depthCapacity = 8
  /// Field definitions hold input value definitions, which hold no definitions, so
  /// neither writer's chunks refer back to their own.
  @exclusivity(unchecked) var fieldDefinitions = NodeWriter<FieldDefinition.Parts>()
  @exclusivity(unchecked) var inputValues = NodeWriter<InputValueDefinition.Parts>()

  struct DepthWriters {
    var fields = NodeWriter<Field.Parts>()
    var selections = NodeRunWriter<Selection>()
  }

  init() {
    byDepth = .allocate(capacity: depthCapacity)
    byDepth.initialize(repeating: DepthWriters(), count: depthCapacity)
  }

  deinit {
    for depth in 0..<depthCapacity {
      byDepth[depth].fields.close()
      byDepth[depth].selections.close()
    }
    fieldDefinitions.close()
    inputValues.close()
    byDepth.deinitialize(count: depthCapacity)
    byDepth.deallocate()
  }

  @inline(__always)
  private func writers(atDepth depth: Int) -> UnsafeMutablePointer<DepthWriters> {
    if depth >= depthCapacity {
      growDepths(to: depth)
    }
    return byDepth + depth
  }

  @inline(never)
  private func growDepths(to depth: Int) {
    let capacity = max(depthCapacity * 2, depth + 1)
    let grown = UnsafeMutablePointer<DepthWriters>.allocate(capacity: capacity)
    grown.moveInitialize(from: byDepth, count: depthCapacity)
    (grown + depthCapacity).initialize(repeating: DepthWriters(), count: capacity - depthCapacity)
    byDepth.deallocate()
    byDepth = grown
    depthCapacity = capacity
  }

  /// A slot for a field at `depth`; see `NodeWriter.reserve()`.
  @inline(__always)
  func reserveField(
    atDepth depth: Int
  ) -> (UnsafeMutablePointer<Field.Parts>, NodeSlot<Field.Parts>) {
    writers(atDepth: depth).pointee.fields.reserve()
  }

  /// Opens the run of a selection set's selections at `depth`.
  @inline(__always)
  func startSelections(atDepth depth: Int) {
    writers(atDepth: depth).pointee.selections.startRun()
  }

  @inline(__always)
  func appendSelection(_ selection: consuming Selection, atDepth depth: Int) {
    byDepth[depth].selections.append(consume selection)
  }

  /// The selections of the set at `depth`, from `startSelections(atDepth:)` on.
  @inline(__always)
  func finishSelections(atDepth depth: Int) -> SelectionList {
    guard let run = byDepth[depth].selections.finishRun() else { return SelectionList() }
    return SelectionList(run)
  }
}
