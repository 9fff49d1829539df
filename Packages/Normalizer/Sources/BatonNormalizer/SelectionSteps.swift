/// A selection set as the reader and the normalizer walk it: each selection held
/// unretained, beside the set that keeps them all alive.
///
/// A walk of `[Selection]` copied each element, a retain and a release of its field or
/// fragment: two atomic writes a field, to objects every read and every normalize shares.
/// A walk of the steps copies plain words and borrows each selection for its call
/// (`Unmanaged.withBorrowed`). The steps are valid while `selections` is, and a walk holds
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
