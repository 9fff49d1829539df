import GraphQLSyntax

/// The schema has a root type for each operation's type (spec §5.2.1).
public final class KnownOperationTypesRule: ValidationRule {
  private let context: ValidationContext
  public init(context: ValidationContext) { self.context = context }

  public func enterOperation(_ operation: OperationDefinition) -> VisitAction {
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
