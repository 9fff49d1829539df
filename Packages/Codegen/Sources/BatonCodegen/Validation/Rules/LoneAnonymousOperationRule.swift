import GraphQLSyntax

/// An anonymous operation is the document's only operation (spec §5.2.2.2).
package final class LoneAnonymousOperationRule: ValidationRule {
  private let context: ValidationContext
  private var operationCount = 0
  package init(context: ValidationContext) { self.context = context }

  package func enterDocument(_ document: Document) -> VisitAction {
    operationCount = document.definitions.filter {
      if case .operation = $0 { return true }
      return false
    }.count
    return .continue
  }

  package func enterOperation(_ operation: OperationDefinition) -> VisitAction {
    if operation.name == nil, operationCount > 1 {
      context.report("This anonymous operation must be the only defined operation.", [operation.loc])
    }
    return .continue
  }
}
