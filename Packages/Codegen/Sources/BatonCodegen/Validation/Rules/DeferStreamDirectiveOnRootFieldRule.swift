import GraphQLSyntax

/// `@defer` and `@stream` are not used on the root type of a mutation or subscription
/// (graphql-js's incremental-delivery rules).
package final class DeferStreamDirectiveOnRootFieldRule: ValidationRule {
  private let context: ValidationContext
  private var checkedFragments: Set<String> = []
  package init(context: ValidationContext) { self.context = context }

  package func enterOperation(_ operation: OperationDefinition) -> VisitAction {
    let root: String?
    switch operation.operation {
    case .query: return .continue
    case .mutation: root = context.schema.mutationTypeName
    case .subscription: root = context.schema.subscriptionTypeName
    }
    guard let root else { return .continue }
    var visited: Set<String> = []
    if forbid(operation.operation.rawValue, root, operation.selectionSet, &visited) {
      checkedFragments.formUnion(visited)
    }
    return .continue
  }

  private func forbid(
    _ operation: String, _ root: String, _ selectionSet: SelectionSet, _ visited: inout Set<String>
  ) -> Bool {
    var valid = true
    for selection in selectionSet.selections {
      switch selection {
      case .field(let field):
        if let stream = field.directives.first(where: { $0.name.value == "stream" }) {
          valid = false
          context.report("Stream directive cannot be used on root \(operation) type '\(root)'.", [stream.loc])
        }
      case .fragmentSpread(let spread):
        let name = spread.name.value
        guard visited.insert(name).inserted, let fragment = context.fragments[name] else { continue }
        if let deferDirective = spread.directives.first(where: { $0.name.value == "defer" }) {
          valid = false
          context.report("Defer directive cannot be used on root \(operation) type '\(root)'.", [deferDirective.loc])
        }
        if !checkedFragments.contains(name) {
          valid = forbid(operation, root, fragment.selectionSet, &visited) && valid
        }
      case .inlineFragment(let fragment):
        if let deferDirective = fragment.directives.first(where: { $0.name.value == "defer" }) {
          valid = false
          context.report("Defer directive cannot be used on root \(operation) type '\(root)'.", [deferDirective.loc])
        }
        valid = forbid(operation, root, fragment.selectionSet, &visited) && valid
      }
    }
    return valid
  }
}
