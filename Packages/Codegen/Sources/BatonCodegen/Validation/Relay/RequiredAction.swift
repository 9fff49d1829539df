import GraphQLSyntax

/// `@required(action:)`, ordered by severity: NONE < LOG < THROW.
enum RequiredAction: Int, Comparable {
  case none
  case log
  case `throw`

  init?(_ name: String) {
    switch name {
    case "NONE": self = .none
    case "LOG": self = .log
    case "THROW": self = .throw
    default: return nil
    }
  }

  var name: String {
    switch self {
    case .none: "NONE"
    case .log: "LOG"
    case .throw: "THROW"
    }
  }

  static func < (left: RequiredAction, right: RequiredAction) -> Bool { left.rawValue < right.rawValue }
}

/// A field's `@required`: its action and where the directive and the action are.
struct RequiredUse {
  var action: RequiredAction
  var directive: Directive
  var actionLocation: Location?

  init?(_ field: Field) {
    guard let directive = field.directives.first(where: { $0.name.value == "required" }),
      let argument = directive.arguments.first(where: { $0.name.value == "action" }),
      case .enumValue(let value) = argument.value, let action = RequiredAction(value.value)
    else { return nil }
    self.action = action
    self.directive = directive
    self.actionLocation = argument.value.loc
  }
}

extension InlineFragment {
  /// Relay's `@alias(as:)` name, or the type condition for `@alias` without `as`.
  var relayAlias: String? {
    guard let alias = directives.first(where: { $0.name.value == "alias" }) else { return nil }
    if case .string(let name) = alias.arguments.first(where: { $0.name.value == "as" })?.value {
      return name.value
    }
    return typeCondition?.name.value ?? ""
  }
}
