/// What a rule wants after entering a node: to see its children, or to skip them (and
/// not be told when the node is left), as a graphql-js visitor returning `false`.
public enum VisitAction: Sendable {
  case proceed
  case skip
}
