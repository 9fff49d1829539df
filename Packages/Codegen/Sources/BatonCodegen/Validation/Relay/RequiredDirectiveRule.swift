import GraphQLSyntax

/// Relay's `@required`: every reference to a field (by response path within an operation
/// or fragment) has the same `@required` action or none; a `@required` child is not less
/// severe than its `@required` parent (NONE < LOG < THROW); and `@required` is not directly
/// inside an unaliased inline fragment on an abstract type, where a missing field cannot be
/// told from a fragment that did not match.
public final class RequiredDirectiveRule: ValidationRule {
  private let context: ValidationContext
  /// Per response path in the current definition: the first field seen there and its use.
  private var seen: [String: (field: Field, use: RequiredUse?)] = [:]
  private var path: [String] = []
  /// For each open field, the `@required` uses directly below it.
  private var requiredChildren: [[RequiredUse]] = []
  /// For each open selection scope, whether it is an unaliased inline fragment on an
  /// abstract type (a field opens a scope that is not).
  private var abstractScopes: [Bool] = []

  public init(context: ValidationContext) { self.context = context }

  private func reset() {
    seen = [:]
    path = []
    requiredChildren = [[]]
    abstractScopes = [false]
  }

  public func enterOperation(_ operation: OperationDefinition) -> VisitAction {
    reset()
    return .proceed
  }

  public func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction {
    reset()
    return .proceed
  }

  public func enterInlineFragment(_ fragment: InlineFragment) -> VisitAction {
    let alias = fragment.relayAlias
    if let alias { path.append(alias) }
    let conditionName = fragment.typeCondition?.name.value ?? context.typeInfo.parentType?.name
    let isAbstract = conditionName.flatMap { context.schema.type(named: $0) }?.kind.isAbstract ?? false
    abstractScopes.append(alias == nil && isAbstract)
    return .proceed
  }

  public func leaveInlineFragment(_ fragment: InlineFragment) {
    if fragment.relayAlias != nil { path.removeLast() }
    abstractScopes.removeLast()
  }

  public func enterField(_ field: Field) -> VisitAction {
    path.append(field.responseKey)
    let key = path.joined(separator: ".")
    let use = RequiredUse(field)
    if let use {
      if abstractScopes.last == true {
        context.report(
          "Unexpected @required within inline fragment on an abstract type. At runtime we cannot know if this field is null, or if it's missing because the inline fragment did not match. Consider using `@alias` to give your inline fragment a name.",
          [use.directive.loc])
      }
      if !requiredChildren.isEmpty { requiredChildren[requiredChildren.count - 1].append(use) }
    }
    checkConsistency(key, field, use)
    requiredChildren.append([])
    abstractScopes.append(false)
    return .proceed
  }

  public func leaveField(_ field: Field) {
    let children = requiredChildren.popLast() ?? []
    abstractScopes.removeLast()
    path.removeLast()
    guard let parent = RequiredUse(field) else { return }
    for child in children where child.action < parent.action {
      context.report(
        "A @required field may not have an `action` less severe than that of its @required parent. This @required directive should probably have `action: \(child.action.name)`",
        [parent.actionLocation, child.actionLocation])
    }
  }

  private func checkConsistency(_ key: String, _ field: Field, _ use: RequiredUse?) {
    guard let previous = seen[key] else {
      seen[key] = (field, use)
      return
    }
    let name = field.name.value
    switch (previous.use, use) {
    case (let before?, let now?) where before.action != now.action:
      context.report(
        "All references to a @required field must have matching `action` arguments. The `action` used for '\(name)'",
        [before.actionLocation, now.actionLocation])
    case (.some, nil):
      context.report(
        "All references to a field must have matching @required declarations. The field '\(name)` is @required here",
        [previous.field.name.loc, field.name.loc])
    case (nil, .some):
      context.report(
        "All references to a field must have matching @required declarations. The field '\(name)` is @required here",
        [field.name.loc, previous.field.name.loc])
    default:
      break
    }
  }
}
