import GraphQLSyntax

/// A subscription selects exactly one top-level field, not an introspection field,
/// without `@skip` or `@include` at the top level (spec §5.2.3.1).
package final class SingleFieldSubscriptionsRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterOperation(_ operation: OperationDefinition) -> VisitAction {
    guard operation.operation == .subscription,
      let subscriptionType = context.schema.subscriptionTypeName
    else { return .continue }
    var collector = TopLevelFieldCollector(context: context, runtimeType: subscriptionType)
    collector.visit(operation.selectionSet)
    let subject = operation.name.map { "Subscription '\($0.value)'" } ?? "Anonymous Subscription"
    if !collector.forbiddenDirectives.isEmpty {
      context.report(
        subject + " must not use `@skip` or `@include` directives in the top level selection.",
        collector.forbiddenDirectives.map(\.loc))
      return .continue
    }
    if collector.order.isEmpty {
      context.report(subject + " must select one top level field.", [operation.selectionSet.loc])
    } else if collector.order.count > 1 {
      let extra = collector.order.dropFirst().flatMap { collector.groups[$0] ?? [] }
      context.report(subject + " must select only one top level field.", extra.map(\.loc))
    }
    for key in collector.order {
      let fields = collector.groups[key] ?? []
      if let first = fields.first, first.name.value.hasPrefix("__") {
        context.report(
          subject + " must not select an introspection top level field.", fields.map(\.loc))
      }
    }
    return .continue
  }
}

/// The top-level fields of an operation grouped by response key, as execution's
/// `collect_fields` gathers them, with `@skip` and `@include` forbidden.
private struct TopLevelFieldCollector {
  let context: ValidationContext
  let runtimeType: String
  var groups: [String: [Field]] = [:]
  var order: [String] = []
  var forbiddenDirectives: [Directive] = []
  private var visitedFragments: Set<String> = []

  init(context: ValidationContext, runtimeType: String) {
    self.context = context
    self.runtimeType = runtimeType
  }

  mutating func visit(_ selectionSet: SelectionSet) {
    for selection in selectionSet.selections {
      switch selection {
      case .field(let field):
        guard isIncluded(field.directives) else { continue }
        if groups[field.responseKey] == nil { order.append(field.responseKey) }
        groups[field.responseKey, default: []].append(field)
      case .inlineFragment(let fragment):
        guard isIncluded(fragment.directives), matches(fragment.typeCondition) else { continue }
        visit(fragment.selectionSet)
      case .fragmentSpread(let spread):
        guard isIncluded(spread.directives), let fragment = context.fragments[spread.name.value],
          matches(fragment.typeCondition), visitedFragments.insert(spread.name.value).inserted
        else { continue }
        visit(fragment.selectionSet)
      }
    }
  }

  private mutating func isIncluded(_ directives: [Directive]) -> Bool {
    if let skip = directives.first(where: { $0.name.value == "skip" }) {
      forbiddenDirectives.append(skip)
      return false
    }
    if let include = directives.first(where: { $0.name.value == "include" }) {
      forbiddenDirectives.append(include)
      return false
    }
    return true
  }

  private func matches(_ condition: GraphQLSyntax.NamedType?) -> Bool {
    guard let name = condition?.name.value else { return true }
    guard let type = context.schema.type(named: name) else { return false }
    if name == runtimeType { return true }
    return type.kind.isAbstract && context.schema.isSubType(runtimeType, of: name)
  }
}
