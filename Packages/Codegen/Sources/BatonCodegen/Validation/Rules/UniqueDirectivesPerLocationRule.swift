import GraphQLSyntax

/// A non-repeatable directive appears at most once at a location (spec §5.7.3).
package final class UniqueDirectivesPerLocationRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  private func check(_ directives: [Directive]) {
    guard directives.count > 1 else { return }
    var seen: [String: Directive] = [:]
    for directive in directives {
      let name = directive.name.value
      guard let definition = context.schema.directive(named: name), !definition.isRepeatable else {
        continue
      }
      if let first = seen[name] {
        context.reportDuplicate(
          "The directive '@\(name)' can only be used once at this location.", [first.loc, directive.loc])
      } else {
        seen[name] = directive
      }
    }
  }

  package func enterOperation(_ operation: OperationDefinition) -> VisitAction {
    check(operation.directives)
    return .continue
  }

  package func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction {
    check(fragment.directives)
    return .continue
  }

  package func enterVariableDefinition(_ definition: VariableDefinition) -> VisitAction {
    check(definition.directives)
    return .continue
  }

  package func enterField(_ field: Field) -> VisitAction {
    check(field.directives)
    return .continue
  }

  package func enterFragmentSpread(_ spread: FragmentSpread) -> VisitAction {
    check(spread.directives)
    return .continue
  }

  package func enterInlineFragment(_ fragment: InlineFragment) -> VisitAction {
    check(fragment.directives)
    return .continue
  }
}
