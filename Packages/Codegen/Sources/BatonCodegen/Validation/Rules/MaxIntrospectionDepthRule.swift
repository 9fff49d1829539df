import GraphQLSyntax

/// Introspection queries do not nest `fields`, `interfaces`, `possibleTypes` or
/// `inputFields` more than three deep, which would make a response explode
/// (graphql-js's recommended `MaxIntrospectionDepthRule`).
package final class MaxIntrospectionDepthRule: ValidationRule {
  private let context: ValidationContext
  private static let maxDepth = 3
  private static let countedFields: Set<String> = ["fields", "interfaces", "possibleTypes", "inputFields"]
  package init(context: ValidationContext) { self.context = context }

  package func enterField(_ field: Field) -> VisitAction {
    let name = field.name.value
    if name == "__schema" || name == "__type" {
      var visited: Set<String> = []
      if exceedsDepth(field.selectionSet, depth: 0, visited: &visited) {
        context.report("Maximum introspection depth exceeded", [field.loc])
        return .skipChildren
      }
    }
    return .continue
  }

  private func exceedsDepth(_ selectionSet: SelectionSet?, depth: Int, visited: inout Set<String>) -> Bool {
    guard let selectionSet else { return false }
    for selection in selectionSet.selections {
      switch selection {
      case .field(let field):
        let counted = Self.countedFields.contains(field.name.value)
        let next = counted ? depth + 1 : depth
        if next >= Self.maxDepth { return true }
        if exceedsDepth(field.selectionSet, depth: next, visited: &visited) { return true }
      case .inlineFragment(let fragment):
        if exceedsDepth(fragment.selectionSet, depth: depth, visited: &visited) { return true }
      case .fragmentSpread(let spread):
        let name = spread.name.value
        guard visited.insert(name).inserted else { continue }
        let found = exceedsDepth(context.fragments[name]?.selectionSet, depth: depth, visited: &visited)
        visited.remove(name)
        if found { return true }
      }
    }
    return false
  }
}
