/// The concrete types a type condition matches, asked of every object a read or a
/// normalization meets.
struct PossibleTypes: Sendable {
  private let types: TypeNameTable<Void>

  init(_ types: Set<String>) {
    self.types = TypeNameTable(types.lazy.map { ($0, ()) })
  }

  func contains(_ typename: String) -> Bool {
    types[typename] != nil
  }
}
