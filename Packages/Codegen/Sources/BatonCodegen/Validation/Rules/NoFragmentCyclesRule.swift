import GraphQLSyntax

/// No fragment spreads itself, directly or through other fragments (spec §5.5.2.2).
///
/// Walks the spread graph depth first with an explicit stack, so a long chain of
/// fragments cannot exhaust the call stack; each fragment is entered once.
package final class NoFragmentCyclesRule: ValidationRule {
  private let context: ValidationContext
  private var visited: Set<String> = []
  package init(context: ValidationContext) { self.context = context }

  package func enterOperation(_ operation: OperationDefinition) -> VisitAction { .skipChildren }

  package func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction {
    detectCycles(from: fragment)
    return .skipChildren
  }

  private struct Frame {
    var name: String
    var spreads: [FragmentSpread]
    var next = 0
  }

  private func detectCycles(from root: FragmentDefinition) {
    guard visited.insert(root.name.value).inserted else { return }
    var path: [FragmentSpread] = []
    var pathIndex: [String: Int] = [:]
    var stack: [Frame] = []
    func push(_ fragment: FragmentDefinition) {
      let spreads = context.fragmentSpreads(fragment.selectionSet)
      guard !spreads.isEmpty else { return }
      pathIndex[fragment.name.value] = path.count
      stack.append(Frame(name: fragment.name.value, spreads: spreads))
    }
    push(root)
    while let top = stack.indices.last {
      if stack[top].next > 0 { path.removeLast() }
      guard stack[top].next < stack[top].spreads.count else {
        pathIndex[stack[top].name] = nil
        stack.removeLast()
        continue
      }
      let spread = stack[top].spreads[stack[top].next]
      stack[top].next += 1
      let name = spread.name.value
      path.append(spread)
      if let cycleIndex = pathIndex[name] {
        let cycle = Array(path[cycleIndex...])
        let via = cycle.dropLast().map { "'\($0.name.value)'" }.joined(separator: ", ")
        context.report(
          "Cannot spread fragment '\(name)' within itself" + (via.isEmpty ? "." : " via \(via)."),
          cycle.map(\.loc))
      } else if let fragment = context.fragments[name], visited.insert(name).inserted {
        push(fragment)
      }
    }
  }
}
