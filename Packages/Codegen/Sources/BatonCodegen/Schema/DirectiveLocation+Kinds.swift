import GraphQLSyntax

extension DirectiveLocation {
  /// Whether the location is in an executable document (an operation or fragment).
  var isExecutable: Bool {
    switch self {
    case .query, .mutation, .subscription, .field, .fragmentDefinition, .fragmentSpread,
      .inlineFragment, .variableDefinition, .fragmentVariableDefinition:
      return true
    default:
      return false
    }
  }
}
