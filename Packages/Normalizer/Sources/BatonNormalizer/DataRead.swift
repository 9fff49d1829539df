/// What generated data stores: the object a read gave and the source it was read from, in
/// one reference.
///
/// A class, so that a generated struct's only stored property is one reference: the
/// compiler then gives every such struct the value witnesses it already has for a
/// reference, where a struct storing the object and the source itself needs copy, move
/// and destroy functions of its own, a large part of the generated models' machine code
/// (see BENCHMARKS.md, codegen compile time). A type case's data shares its parent's.
public final class DataRead: Sendable {
  /// The object a read gave, one slot per selection.
  public let object: DataObject

  /// The records the read came from, which spread fragments read from.
  public let source: RecordSource

  /// `object`, read from `source`.
  public init(_ object: DataObject, in source: RecordSource) {
    self.object = object
    self.source = source
  }
}
