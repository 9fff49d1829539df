import GraphQLSyntax

/// Relay's `@required` (relay-compiler's `required_directive` transform), per operation or
/// fragment: every reference to a field (by response path) has the same `@required` action
/// or none; every reference to a parent has the same `@required` children; a `@required`
/// child is not less severe than its `@required` parent (NONE < LOG < THROW); and
/// `@required` is not inside an unaliased inline fragment on an abstract type, at any depth
/// below the nearest field, where a missing field cannot be told from a fragment that did
/// not match. Errors are where Relay puts them, its annotation's location second.
package final class RequiredDirectiveRule: ValidationRule {
  /// A field at a response path: its response key and where that key is written.
  private struct Reference {
    var name: String
    var location: Location?
    var use: RequiredUse?
  }

  private struct RequiredChild {
    var path: String
    var name: String
    var location: Location?
    var use: RequiredUse
  }

  private let context: ValidationContext
  private var path: [String] = []
  /// The first reference at each response path.
  private var firstReferences: [String: Reference] = [:]
  /// The `@required` children of the last reference at each parent's response path.
  private var requiredChildren: [String: [RequiredChild]] = [:]
  /// For each open field and aliased inline fragment, its `@required` children so far.
  private var scopes: [[RequiredChild]] = []
  /// For each open field and inline fragment, whether an unaliased inline fragment on an
  /// abstract type encloses it below the nearest field.
  private var abstractScopes: [Bool] = []

  package init(context: ValidationContext) { self.context = context }

  private func reset() {
    path = []
    firstReferences = [:]
    requiredChildren = [:]
    scopes = [[]]
    abstractScopes = [false]
  }

  package func enterOperation(_ operation: OperationDefinition) -> VisitAction {
    reset()
    return .continue
  }

  package func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction {
    reset()
    return .continue
  }

  package func enterInlineFragment(_ fragment: InlineFragment) -> VisitAction {
    if let alias = fragment.relayAlias {
      path.append(alias)
      scopes.append([])
      abstractScopes.append(false)
    } else {
      let isAbstract = fragment.typeCondition.flatMap { context.schema.type(named: $0.name.value) }?.kind.isAbstract ?? false
      abstractScopes.append(isAbstract || abstractScopes.last == true)
    }
    return .continue
  }

  package func leaveInlineFragment(_ fragment: InlineFragment) {
    abstractScopes.removeLast()
    guard fragment.relayAlias != nil else { return }
    requiredChildren[path.joined(separator: ".")] = scopes.popLast() ?? []
    path.removeLast()
  }

  package func enterField(_ field: Field) -> VisitAction {
    path.append(field.responseKey)
    let key = path.joined(separator: ".")
    let reference = Reference(name: field.responseKey, location: (field.alias ?? field.name).loc, use: RequiredUse(field))
    if let use = reference.use {
      if abstractScopes.last == true {
        context.report(
          "Unexpected @required within inline fragment on an abstract type. At runtime we cannot know if this field is null, or if it's missing because the inline fragment did not match. Consider using `@alias` to give your inline fragment a name.",
          [use.directive.loc])
      }
      addChild(RequiredChild(path: key, name: reference.name, location: reference.location, use: use))
    }
    checkReferences(key, reference)
    scopes.append([])
    abstractScopes.append(false)
    return .continue
  }

  package func leaveField(_ field: Field) {
    let children = scopes.popLast() ?? []
    abstractScopes.removeLast()
    defer { path.removeLast() }
    // A leaf has no children to compare, and Relay records none for it.
    guard field.selectionSet != nil else { return }
    let key = path.joined(separator: ".")
    checkChildren(key, children, at: (field.alias ?? field.name).loc)
    if let parent = RequiredUse(field) {
      for child in children where child.use.action < parent.action {
        context.report(
          "A @required field may not have an `action` less severe than that of its @required parent. This @required directive should probably have `action: \(child.use.action.name)`.",
          [parent.actionLocation, child.use.actionLocation])
      }
    }
    requiredChildren[key] = children
  }

  /// One child per response path, as Relay keys them: a later reference replaces an earlier.
  private func addChild(_ child: RequiredChild) {
    guard var children = scopes.popLast() else { return }
    if let index = children.firstIndex(where: { $0.path == child.path }) {
      children[index] = child
    } else {
      children.append(child)
    }
    scopes.append(children)
  }

  private func checkReferences(_ key: String, _ current: Reference) {
    guard let previous = firstReferences[key] else {
      firstReferences[key] = current
      return
    }
    let name = current.name
    switch (previous.use, current.use) {
    case (let before?, let now?) where before.action != now.action:
      context.report(
        "All references to a @required field must have matching `action` arguments. The `action` used for '\(name)' should be the same as the `action` declared at its other reference.",
        [before.actionLocation, now.actionLocation])
    case (.some, nil):
      context.report(Self.fieldMismatch(name), [previous.location, current.location])
    case (nil, .some):
      context.report(Self.fieldMismatch(name), [current.location, previous.location])
    default:
      break
    }
  }

  private static func fieldMismatch(_ name: String) -> String {
    "All references to a field must have matching @required declarations. The field '\(name)' is @required here but not @required at its other reference."
  }

  /// A parent referenced again must have the same `@required` children as its last
  /// reference: a child `@required` in one reference only would null the parent in one
  /// reading of the record and not in the other.
  private func checkChildren(_ key: String, _ current: [RequiredChild], at location: Location?) {
    guard let previous = requiredChildren[key] else { return }
    for child in current where !previous.contains(where: { $0.path == child.path }) {
      reportMissing(child, from: firstReferences[key]?.location)
    }
    for child in previous where !current.contains(where: { $0.path == child.path }) {
      reportMissing(child, from: location)
    }
  }

  private func reportMissing(_ child: RequiredChild, from parent: Location?) {
    context.report(
      "@required fields must be included in all instances of their parent. The field '\(child.name)' is marked as @required here but is missing from another instance of its parent.",
      [child.location, parent])
  }
}
