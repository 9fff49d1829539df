/// `...FragmentName`: the parent sees a reference, not the fragment's fields. The
/// normalizer still writes the fragment's fields, so the spread carries the fragment.
public struct FragmentSpread: Sendable {
  public let fragment: Fragment
  public let conditions: [Condition]
  /// `@defer`: the fragment's fields may arrive after the rest of the response.
  public let deferred: DeferDirective?

  public init(_ fragment: Fragment, conditions: [Condition] = [], deferred: DeferDirective? = nil) {
    self.fragment = fragment
    self.conditions = conditions
    self.deferred = deferred
  }

  func matches(_ typename: String?) -> Bool {
    guard let typename else { return false }
    return fragment.possibleTypes.contains(typename)
  }
}
