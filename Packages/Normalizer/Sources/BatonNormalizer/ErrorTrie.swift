/// The response's errors arranged by path, so the normalizer finds the errors under a
/// field by walking the trie alongside the data instead of matching every path.
///
/// The nodes live in one flat array and refer to their children by index, so that no
/// operation on the trie, freeing it included, recurses: an error path may be as long as
/// the server likes (100,000 components) and the trie is walked on the smallest stack.
/// A value of this type is one node, sharing the array with the rest of the trie.
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

  private struct Node {
    /// Errors whose path ends at this node.
    var here: [Entry] = []
    var children: [PathComponent: Int] = [:]
  }

  private let nodes: [Node]
  private let node: Int

  private init(nodes: [Node], node: Int) {
    self.nodes = nodes
    self.node = node
  }

  /// A trie of the errors that have a path; errors without one belong to the operation.
  init(_ errors: [(index: Int, path: [PathComponent], error: FieldError)]) {
    var nodes = [Node()]
    for entry in errors where !entry.path.isEmpty {
      var current = 0
      for component in entry.path {
        if let child = nodes[current].children[component] {
          current = child
        } else {
          nodes.append(Node())
          nodes[current].children[component] = nodes.count - 1
          current = nodes.count - 1
        }
      }
      nodes[current].here.append(Entry(index: entry.index, error: entry.error))
    }
    self.init(nodes: nodes, node: 0)
  }

  /// Errors whose path ends at this node.
  var here: [Entry] { nodes[node].here }

  subscript(component: PathComponent) -> ErrorTrie? {
    nodes[node].children[component].map { ErrorTrie(nodes: nodes, node: $0) }
  }

  /// Every error at or below this node, its path made relative to this node: a node's own
  /// errors before its children's, children in a stable order so stored errors come out
  /// the same on every run.
  func all() -> [(path: [PathComponent], entry: Entry)] {
    var result: [(path: [PathComponent], entry: Entry)] = []
    var prefix: [PathComponent] = []
    // The children of each node on the path to the one being visited, and how many of
    // them have been visited.
    var stack: [(children: [(PathComponent, Int)], next: Int)] = []
    var current = node
    while true {
      for entry in nodes[current].here { result.append((prefix, entry)) }
      stack.append((nodes[current].children.sorted { Self.precedes($0.key, $1.key) }, 0))
      while let top = stack.last, top.next == top.children.count {
        stack.removeLast()
        guard !stack.isEmpty else { return result }
        prefix.removeLast()
      }
      let (component, child) = stack[stack.count - 1].children[stack[stack.count - 1].next]
      stack[stack.count - 1].next += 1
      prefix.append(component)
      current = child
    }
  }

  /// Indices in numeric order before keys in string order.
  private static func precedes(_ a: PathComponent, _ b: PathComponent) -> Bool {
    switch (a, b) {
    case (.index(let a), .index(let b)): a < b
    case (.index, .key): true
    case (.key, .index): false
    case (.key(let a), .key(let b)): a < b
    }
  }
}
