import GraphQLSyntax

/// Every directive is defined by the schema and used where its definition allows
/// (spec §5.7.1, §5.7.2).
package final class KnownDirectivesRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterDirective(_ directive: Directive, location: DirectiveLocation) -> VisitAction {
    let name = directive.name.value
    guard let definition = context.schema.directive(named: name) else {
      context.report("Unknown directive '@\(name)'.", [directive.loc])
      return .continue
    }
    if !definition.locations.contains(location) {
      context.report("Directive '@\(name)' may not be used on \(location.phrase).", [directive.loc])
    }
    return .continue
  }
}
