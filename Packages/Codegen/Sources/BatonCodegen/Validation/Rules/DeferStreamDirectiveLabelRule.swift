import GraphQLSyntax

/// `@defer` and `@stream` labels are static strings, each used once in the document
/// (graphql-js's incremental-delivery rules).
package final class DeferStreamDirectiveLabelRule: ValidationRule {
  private let context: ValidationContext
  private var known: [String: Directive] = [:]
  package init(context: ValidationContext) { self.context = context }

  package func enterDirective(_ directive: Directive, location: DirectiveLocation) -> VisitAction {
    let name = directive.name.value
    guard name == "defer" || name == "stream",
      let label = directive.arguments.first(where: { $0.name.value == "label" })
    else { return .continue }
    switch label.value {
    case .null:
      return .continue
    case .string(let string):
      if let first = known[string.value] {
        context.report("Defer/Stream directive label argument must be unique.", [first.loc, directive.loc])
      } else {
        known[string.value] = directive
      }
    default:
      context.report(
        "\(name.prefix(1).uppercased() + name.dropFirst()) directive label argument must be a static string.",
        [directive.loc])
    }
    return .continue
  }
}
