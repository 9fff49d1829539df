/// The response's errors arranged by path, so the normalizer finds the errors under a
/// field by walking the trie alongside the data instead of matching every path.
///
/// - Complexity: built in O(N) in the total length of the error paths; a lookup per
///   field visited is one dictionary access.
struct ErrorTrie {
  /// An error with its position in the response's `errors` list, which tells which
  /// errors landed on a field and which are left for the operation.
  struct Entry {
    var index: Int
    var error: FieldError
  }

  /// Errors whose path ends at this node.
  private(set) var here: [Entry] = []
  private(set) var children: [PathComponent: ErrorTrie] = [:]

  init() {}

  /// A trie of the errors that have a path; errors without one belong to the operation.
  init(_ errors: [(index: Int, path: [PathComponent], error: FieldError)]) {
    for entry in errors where !entry.path.isEmpty {
      insert(Entry(index: entry.index, error: entry.error), at: entry.path[...])
    }
  }

  private mutating func insert(_ entry: Entry, at path: ArraySlice<PathComponent>) {
    guard let first = path.first else {
      here.append(entry)
      return
    }
    children[first, default: ErrorTrie()].insert(entry, at: path.dropFirst())
  }

  subscript(component: PathComponent) -> ErrorTrie? { children[component] }

  /// Every error at or below this node, its path made relative to this node.
  func all() -> [(path: [PathComponent], entry: Entry)] {
    var result: [(path: [PathComponent], entry: Entry)] = []
    var prefix: [PathComponent] = []
    collect(into: &result, prefix: &prefix)
    return result
  }

  private func collect(into result: inout [(path: [PathComponent], entry: Entry)], prefix: inout [PathComponent]) {
    for entry in here { result.append((prefix, entry)) }
    for (component, child) in children.sorted(by: { $0.key.sortKey < $1.key.sortKey }) {
      prefix.append(component)
      child.collect(into: &result, prefix: &prefix)
      prefix.removeLast()
    }
  }
}

extension PathComponent {
  /// A stable order for children, so stored errors come out the same on every run.
  fileprivate var sortKey: String {
    switch self {
    case .key(let key): "k" + key
    case .index(let index): "i" + String(repeating: "0", count: max(0, 20 - String(index).count)) + String(index)
    }
  }
}
