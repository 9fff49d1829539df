/// The concrete types a type condition matches, asked of every object a read or a
/// normalization meets: one type (an object type's condition) is compared, more are hashed.
struct PossibleTypes: Sendable {
  private let types: Set<String>
  private let sole: String?

  init(_ types: Set<String>) {
    self.types = types
    sole = types.count == 1 ? types.first : nil
  }

  func contains(_ typename: String) -> Bool {
    if let sole { return typename == sole }
    return types.contains(typename)
  }
}
