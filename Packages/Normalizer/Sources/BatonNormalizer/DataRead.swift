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

  /// For a fragment's data read through its spread: the spread's reference (the record, the
  /// operation and the variables it was read under), which paging from the fragment starts
  /// from; `nil` for any other data.
  public let reference: FragmentReference?

  /// `object`, read from `source` (through `reference`, for a spread fragment's data).
  public init(_ object: DataObject, in source: RecordSource, reference: FragmentReference? = nil) {
    self.object = object
    self.source = source
    self.reference = reference
  }
}
