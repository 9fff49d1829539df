import GraphQLSyntax

/// A field or directive is given each argument once (spec §5.4.2).
package final class UniqueArgumentNamesRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  private func check(_ arguments: [Argument]) {
    guard arguments.count > 1 else { return }
    var groups: [String: [Location?]] = [:]
    var order: [String] = []
    for argument in arguments {
      if groups[argument.name.value] == nil { order.append(argument.name.value) }
      groups[argument.name.value, default: []].append(argument.name.loc)
    }
    for name in order where (groups[name]?.count ?? 0) > 1 {
      context.reportDuplicate("There can be only one argument named '\(name)'.", groups[name] ?? [])
    }
  }

  package func enterField(_ field: Field) -> VisitAction {
    check(field.arguments)
    return .continue
  }

  package func enterDirective(_ directive: Directive, location: DirectiveLocation) -> VisitAction {
    check(directive.arguments)
    return .continue
  }
}
