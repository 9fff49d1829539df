import GraphQLSyntax

/// Relay's `@static` arguments: the compiler reads `@required(action:)` and `@catch(to:)`
/// to decide the generated types, so their values are literals, never variables, which a
/// request would fill in too late (relay-compiler's `validate_static_args`).
package final class StaticArgumentsRule: ValidationRule {
  /// The arguments relay-compiler's schema marks `@static`, by directive.
  static let staticArguments: [String: Set<String>] = ["required": ["action"], "catch": ["to"]]

  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterDirective(_ directive: Directive, location: DirectiveLocation) -> VisitAction {
    guard let names = Self.staticArguments[directive.name.value] else { return .continue }
    // Both arguments are enums, so a variable can only be the whole value.
    for argument in directive.arguments where names.contains(argument.name.value) {
      guard case .variable = argument.value else { continue }
      context.report(
        "Unexpected dynamic argument. \(directive.name.value)'s '\(argument.name.value)' argument must be a constant value because it is read by the Baton compiler.",
        [argument.value.loc])
    }
    return .continue
  }
}
