import GraphQLSyntax

/// The schema has a root type for each operation's type (spec §5.2.1).
package final class KnownOperationTypesRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterOperation(_ operation: OperationDefinition) -> VisitAction {
    let root: String? =
      switch operation.operation {
      case .query: context.schema.queryTypeName
      case .mutation: context.schema.mutationTypeName
      case .subscription: context.schema.subscriptionTypeName
      }
    if root == nil {
      context.report(
        "The \(operation.operation.rawValue) operation is not supported by the schema.",
        [operation.loc])
    }
    return .continue
  }
}
