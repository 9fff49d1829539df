/// One entry of a selection set, as generated code writes it:
/// `static let selections: [Selection] = [.field(...), .inlineFragment(...), ...]`.
public enum Selection: Sendable {
  case field(FieldSelection)
  case inlineFragment(InlineFragment)
  case fragmentSpread(FragmentSpread)
}
