/// `...FragmentName`: the parent sees a reference, not the fragment's fields. The
/// normalizer still writes the fragment's fields, so the spread carries the fragment.
///
/// A class, as `FieldSelection` and `InlineFragment` are, so that `Selection` is one
/// reference wide and a switch over it binds that reference instead of copying (and
/// retaining) the spread's arrays and directive on every object normalized or read.
public final class FragmentSpread: Sendable {
  public let fragment: Fragment
  public let conditions: [Condition]
  /// `@arguments(...)`: the values the spread gives the fragment's `@argumentDefinitions`,
  /// written in the parent's scope (a literal, or a variable of the parent).
  public let arguments: [Argument]
  /// `@defer`: the fragment's fields may arrive after the rest of the response.
  public let deferred: DeferDirective?

  public init(
    _ fragment: Fragment, conditions: [Condition] = [], arguments: [Argument] = [],
    deferred: DeferDirective? = nil
  ) {
    self.fragment = fragment
    self.conditions = conditions
    self.arguments = arguments
    self.deferred = deferred
  }

  func matches(_ typename: String?) -> Bool {
    guard let typename else { return false }
    return fragment.matches(typename)
  }

  /// The variables the fragment's selections see under a parent that sees `variables`:
  /// the parent's, with each of the fragment's own arguments set to the value this spread
  /// gives it, else its default, else left out (as an absent variable is). Relay's
  /// `getFragmentVariables`; a fragment without arguments sees the parent's unchanged.
  package func variables(_ variables: [String: JSONValue]) -> [String: JSONValue] {
    let definitions = fragment.argumentDefinitions
    guard !definitions.isEmpty else { return variables }
    var scoped = variables
    for definition in definitions {
      let given = arguments.first { $0.name == definition.name }
      scoped[definition.name] = given.flatMap { $0.value.resolved(with: variables) } ?? definition.defaultValue
    }
    return scoped
  }
}
