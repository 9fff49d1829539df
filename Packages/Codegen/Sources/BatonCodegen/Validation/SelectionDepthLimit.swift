import GraphQLSyntax

/// How deep selections nest through fragment spreads, checked before the rules run.
///
/// Several rules follow spreads into fragments by recursion, as graphql-js and graphql-core
/// do (where a long chain ends in a `RangeError` or `RecursionError`). A document whose
/// selections nest past `maxDepth` levels, counting each field's selection set, each
/// inline fragment and each spread, is refused with one error at the spread that goes
/// past it, so that no rule recurses deeper than that on any thread. The depths are
/// computed from a worklist, each fragment once.
enum SelectionDepthLimit {
  /// Far deeper than any real document, shallow enough for a thread of 512 KB.
  static let maxDepth = 100

  /// The error for the first definition whose selections nest too deep, if any.
  static func error(in document: Document, fragments: [String: FragmentDefinition]) -> (message: String, loc: Location?)? {
    var depths = FragmentDepths(fragments: fragments)
    for definition in document.definitions {
      let selectionSet: SelectionSet
      switch definition {
      case .operation(let operation): selectionSet = operation.selectionSet
      case .fragment(let fragment): selectionSet = fragment.selectionSet
      default: continue
      }
      // Fields alone nest only as deep as the parser allows; the limit is on spreads.
      if depths.depth(of: selectionSet) > maxDepth, let spread = depths.spreadPastLimit(from: selectionSet) {
        return (
          "Selections nest more than \(maxDepth) levels deep through fragment spreads; the spread of '\(spread.name.value)' here goes past the limit.",
          spread.loc
        )
      }
    }
    return nil
  }
}

/// The levels a selection set's selections nest to, through the fragments it spreads.
private struct FragmentDepths {
  let fragments: [String: FragmentDefinition]
  /// The deepest level within each fragment, its own selections at level 1.
  private var depths: [String: Int] = [:]

  init(fragments: [String: FragmentDefinition]) {
    self.fragments = fragments
  }

  /// The spreads within a selection set (not through fragments), each with the level of
  /// the selections it brings in, and the deepest level of the set's own selections.
  private static func local(_ selectionSet: SelectionSet) -> (spreads: [(FragmentSpread, Int)], depth: Int) {
    var spreads: [(FragmentSpread, Int)] = []
    var depth = 0
    var pending = [(selectionSet, 1)]
    while case let (set, level)? = pending.popLast() {
      if !set.selections.isEmpty { depth = max(depth, level) }
      for selection in set.selections {
        switch selection {
        case .field(let field): if let nested = field.selectionSet { pending.append((nested, level + 1)) }
        case .inlineFragment(let fragment): pending.append((fragment.selectionSet, level + 1))
        case .fragmentSpread(let spread): spreads.append((spread, level + 1))
        }
      }
    }
    return (spreads, depth)
  }

  /// Fills `depths` for every fragment reachable from `selectionSet`, children first; a
  /// spread back into a fragment being computed (a cycle, reported by its own rule) adds
  /// nothing.
  private mutating func computeDepths(from selectionSet: SelectionSet) {
    var onPath: Set<String> = []
    var stack: [(name: String, spreads: [(FragmentSpread, Int)], depth: Int, next: Int)] = []
    func enter(_ name: String) {
      guard depths[name] == nil, !onPath.contains(name), let fragment = fragments[name] else { return }
      let local = Self.local(fragment.selectionSet)
      onPath.insert(name)
      stack.append((name, local.spreads, local.depth, 0))
    }
    for (spread, _) in Self.local(selectionSet).spreads { enter(spread.name.value) }
    while let top = stack.indices.last {
      if stack[top].next < stack[top].spreads.count {
        let (spread, _) = stack[top].spreads[stack[top].next]
        stack[top].next += 1
        enter(spread.name.value)
        continue
      }
      let frame = stack.removeLast()
      var depth = frame.depth
      for (spread, level) in frame.spreads {
        depth = max(depth, level - 1 + (depths[spread.name.value] ?? 0))
      }
      depths[frame.name] = depth
      onPath.remove(frame.name)
    }
  }

  mutating func depth(of selectionSet: SelectionSet) -> Int {
    computeDepths(from: selectionSet)
    let local = Self.local(selectionSet)
    return local.spreads.reduce(local.depth) { max($0, $1.1 - 1 + (depths[$1.0.name.value] ?? 0)) }
  }

  /// Follows the deepest spreads down from `selectionSet` to the one whose fragment's
  /// selections go past the limit; nil when `selectionSet`'s own fields go past it first.
  func spreadPastLimit(from selectionSet: SelectionSet) -> FragmentSpread? {
    var offset = 0
    var spreads = Self.local(selectionSet).spreads
    var last: FragmentSpread?
    var followed: Set<String> = []
    while case let (spread, level)? = spreads.first(where: {
      offset + $0.1 - 1 + (depths[$0.0.name.value] ?? 0) > SelectionDepthLimit.maxDepth
    }) {
      let name = spread.name.value
      last = spread
      guard offset + level <= SelectionDepthLimit.maxDepth, followed.insert(name).inserted,
        let fragment = fragments[name]
      else { break }
      offset += level - 1
      let local = Self.local(fragment.selectionSet)
      if offset + local.depth > SelectionDepthLimit.maxDepth { break }
      spreads = local.spreads
    }
    return last
  }
}
