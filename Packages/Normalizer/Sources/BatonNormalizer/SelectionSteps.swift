/// A selection set as the reader walks it: each selection held unretained, beside the set
/// that keeps them all alive.
///
/// A walk of `[Selection]` copied each element, a retain and a release of its field or
/// fragment: two atomic writes a field read, to objects every read shares. A walk of the
/// steps copies plain words. The steps are valid while `selections` is, and a walk holds
/// the `SelectionSteps` it walks.
struct SelectionSteps: Sendable {
  enum Step {
    case field(Unmanaged<FieldSelection>)
    case inlineFragment(Unmanaged<InlineFragment>)
    case fragmentSpread(Unmanaged<FragmentSpread>)
  }

  /// The selections, which keep alive what `steps` name.
  let selections: [Selection]
  let steps: [Step]

  init(_ selections: [Selection]) {
    self.selections = selections
    steps = selections.map { selection in
      switch selection {
      case .field(let field): .field(Unmanaged.passUnretained(field))
      case .inlineFragment(let fragment): .inlineFragment(Unmanaged.passUnretained(fragment))
      case .fragmentSpread(let spread): .fragmentSpread(Unmanaged.passUnretained(spread))
      }
    }
  }
}
