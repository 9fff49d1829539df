import GraphQLSyntax

/// A subscription does not use `@defer` or `@stream` unless it can be turned off with
/// `if: false` (graphql-js's incremental-delivery rules).
package final class DeferStreamDirectiveOnValidOperationsRule: ValidationRule {
  private let context: ValidationContext
  private var checkedFragments: Set<String> = []
  package init(context: ValidationContext) { self.context = context }

  package func enterOperation(_ operation: OperationDefinition) -> VisitAction {
    guard operation.operation == .subscription else { return .continue }
    var visited: Set<String> = []
    var parents: [FragmentSpread] = []
    if forbid(operation.selectionSet, &parents, &visited) { checkedFragments.formUnion(visited) }
    return .continue
  }

  private static func ifArgument(_ directive: Directive) -> Value? {
    directive.arguments.first { $0.name.value == "if" }?.value
  }

  private static func canBeFalse(_ directive: Directive) -> Bool {
    switch ifArgument(directive) {
    case nil: false
    case .boolean(let value)?: !value.value
    case .variable?: true
    default: false
    }
  }

  private static func isSkippable(skip: Directive) -> Bool {
    if case .boolean(let value)? = ifArgument(skip) { return value.value }
    return true
  }

  private static func isSkippable(include: Directive) -> Bool {
    switch ifArgument(include) {
    case nil: false
    case .boolean(let value)?: !value.value
    default: true
    }
  }

  private func forbid(
    _ selectionSet: SelectionSet, _ parents: inout [FragmentSpread], _ visited: inout Set<String>
  ) -> Bool {
    var valid = true
    for selection in selectionSet.selections {
      let directives: [Directive]
      switch selection {
      case .field(let field): directives = field.directives
      case .fragmentSpread(let spread): directives = spread.directives
      case .inlineFragment(let fragment): directives = fragment.directives
      }
      if let skip = directives.first(where: { $0.name.value == "skip" }), Self.isSkippable(skip: skip) { continue }
      if let include = directives.first(where: { $0.name.value == "include" }), Self.isSkippable(include: include) {
        continue
      }
      for directive in directives {
        let message: String
        switch directive.name.value {
        case "defer" where !Self.canBeFalse(directive):
          message = "Defer directive not supported on subscription operations. Disable `@defer` by setting the `if` argument to `false`."
        case "stream" where !Self.canBeFalse(directive):
          message = "Stream directive not supported on subscription operations. Disable `@stream` by setting the `if` argument to `false`."
        default:
          continue
        }
        valid = false
        context.report(message, [directive.loc] + parents.reversed().map(\.loc))
      }
      switch selection {
      case .fragmentSpread(let spread):
        let name = spread.name.value
        guard !visited.contains(name), !checkedFragments.contains(name) else { continue }
        visited.insert(name)
        guard let fragment = context.fragments[name] else { continue }
        parents.append(spread)
        valid = forbid(fragment.selectionSet, &parents, &visited) && valid
        parents.removeLast()
      case .field(let field):
        if let nested = field.selectionSet { valid = forbid(nested, &parents, &visited) && valid }
      case .inlineFragment(let fragment):
        valid = forbid(fragment.selectionSet, &parents, &visited) && valid
      }
    }
    return valid
  }
}
