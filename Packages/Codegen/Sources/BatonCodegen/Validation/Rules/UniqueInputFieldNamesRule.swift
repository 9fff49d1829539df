import GraphQLSyntax

/// An input object literal gives each field once (spec §5.6.3).
package final class UniqueInputFieldNamesRule: ValidationRule {
  private let context: ValidationContext
  private var stack: [[String: Name]] = []
  private var known: [String: Name] = [:]
  package init(context: ValidationContext) { self.context = context }

  package func enterValue(_ value: Value) -> VisitAction {
    if case .object = value {
      stack.append(known)
      known = [:]
    }
    return .continue
  }

  package func leaveValue(_ value: Value) {
    if case .object = value { known = stack.popLast() ?? [:] }
  }

  package func enterObjectField(_ field: ObjectField) -> VisitAction {
    if let first = known[field.name.value] {
      context.reportDuplicate("There can be only one input field named '\(field.name.value)'.", [first.loc, field.name.loc])
    } else {
      known[field.name.value] = field.name
    }
    return .continue
  }
}
