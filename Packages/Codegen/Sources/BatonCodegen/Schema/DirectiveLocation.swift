/// Where a directive may appear, as the spec's `DirectiveLocations` names it.
public enum DirectiveLocation: String, Sendable, CaseIterable {
  case query = "QUERY"
  case mutation = "MUTATION"
  case subscription = "SUBSCRIPTION"
  case field = "FIELD"
  case fragmentDefinition = "FRAGMENT_DEFINITION"
  case fragmentSpread = "FRAGMENT_SPREAD"
  case inlineFragment = "INLINE_FRAGMENT"
  case variableDefinition = "VARIABLE_DEFINITION"
  case fragmentVariableDefinition = "FRAGMENT_VARIABLE_DEFINITION"
  case schema = "SCHEMA"
  case scalar = "SCALAR"
  case object = "OBJECT"
  case fieldDefinition = "FIELD_DEFINITION"
  case argumentDefinition = "ARGUMENT_DEFINITION"
  case interface = "INTERFACE"
  case union = "UNION"
  case enumeration = "ENUM"
  case enumValue = "ENUM_VALUE"
  case inputObject = "INPUT_OBJECT"
  case inputFieldDefinition = "INPUT_FIELD_DEFINITION"
  case directiveDefinition = "DIRECTIVE_DEFINITION"

  /// Whether the location is in an executable document (an operation or fragment).
  public var isExecutable: Bool {
    switch self {
    case .query, .mutation, .subscription, .field, .fragmentDefinition, .fragmentSpread,
      .inlineFragment, .variableDefinition, .fragmentVariableDefinition:
      return true
    default:
      return false
    }
  }
}
