/// The concrete types a type condition matches, asked of every object a read or a
/// normalization meets. A handful of types (an object type's one, most interfaces' and
/// unions') are compared in turn: type names are short, so each comparison is one of
/// inline bytes, where a set would hash the name first. More are hashed.
struct PossibleTypes: Sendable {
  private enum Storage: Sendable {
    case few([String])
    case many(Set<String>)
  }

  private let storage: Storage

  /// The most types compared in turn rather than hashed.
  static let linearLimit = 8

  init(_ types: Set<String>) {
    storage = types.count <= Self.linearLimit ? .few(Array(types)) : .many(types)
  }

  func contains(_ typename: String) -> Bool {
    switch storage {
    case .few(let types): types.contains(typename)
    case .many(let types): types.contains(typename)
    }
  }
}
