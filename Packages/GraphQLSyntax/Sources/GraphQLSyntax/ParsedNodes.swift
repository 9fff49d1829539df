/// Where one parse stores the nodes it keeps in chunks (see `NodeChunk`).
///
/// A class, so that the parser stays small: debug builds give every temporary copy of the
/// parser its own stack slot in each recursive frame, and the deepest documents must
/// still parse on a 512 KB stack. Its properties skip the runtime's exclusivity checks,
/// which cost a sixth of a parse: only the one parser that owns it touches it, one access
/// at a time.
final class ParsedNodes {
  /// One writer per depth, so that a field's chunk refers only to the chunks of the
  /// deeper fields in its selection set, never back to itself.
  @exclusivity(unchecked) private var fields: [NodeWriter<Field.Parts>] = []
  /// Field definitions hold input value definitions, which hold no definitions, so
  /// neither writer's chunks refer back to their own.
  @exclusivity(unchecked) var fieldDefinitions = NodeWriter<FieldDefinition.Parts>()
  @exclusivity(unchecked) var inputValues = NodeWriter<InputValueDefinition.Parts>()

  /// A slot for a field at `depth`; see `NodeWriter.reserve()`.
  @inline(__always)
  func reserveField(
    atDepth depth: Int
  ) -> (UnsafeMutablePointer<Field.Parts>, NodeSlot<Field.Parts>) {
    while fields.count <= depth {
      fields.append(NodeWriter())
    }
    return fields[depth].reserve()
  }
}
