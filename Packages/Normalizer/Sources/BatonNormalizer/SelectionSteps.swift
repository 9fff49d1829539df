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

  /// One slot of an object read for these selections (see `DataObject`), as a lens finds
  /// its value (`RecordLens`): the selection, and where its guards are in the table's
  /// `guards`: the inline fragments around it, outermost first, each of which must apply
  /// for the slot to be read rather than absent. Plain words, copied without a retain.
  struct Slot {
    let step: Step
    let guards: Range<Int32>
  }

  /// The slots in order: inline fragments flattened in place, as a read fills them (an
  /// aliased one under `@catch` takes one slot). A class, so that a lens names it with one
  /// unretained word.
  final class SlotTable: Sendable {
    let slots: [Slot]
    let guards: [Unmanaged<InlineFragment>]

    init(_ steps: [Step]) {
      var slots: [Slot] = []
      var guards: [Unmanaged<InlineFragment>] = []
      Self.flatten(steps, around: [], into: &slots, guards: &guards)
      self.slots = slots
      self.guards = guards
    }

    private static func flatten(
      _ steps: [Step], around enclosing: [Unmanaged<InlineFragment>], into slots: inout [Slot],
      guards: inout [Unmanaged<InlineFragment>]
    ) {
      // The guards of the slots at this level, stored once for all of them.
      let start = Int32(guards.count)
      guards.append(contentsOf: enclosing)
      let range = start..<Int32(guards.count)
      for step in steps {
        guard case .inlineFragment(let unretained) = step, unretained.takeUnretainedValue().catchTo == nil else {
          slots.append(Slot(step: step, guards: range))
          continue
        }
        flatten(unretained.takeUnretainedValue().steps.steps, around: enclosing + [unretained], into: &slots, guards: &guards)
      }
    }
  }

  /// The selections, which keep alive what `steps` and `table` name.
  let selections: [Selection]
  let steps: [Step]
  let table: SlotTable
  /// The most records a read of these selections can reach besides the one it starts at, or
  /// `nil` when a list of objects leaves it unbounded: what lets a read too small to be a
  /// lens skip the walk that would find it so (see `Reader.lensRead`).
  let recordBound: Int?

  init(_ selections: [Selection]) {
    self.selections = selections
    steps = selections.map { selection in
      switch selection {
      case .field(let field): .field(Unmanaged.passUnretained(field))
      case .inlineFragment(let fragment): .inlineFragment(Unmanaged.passUnretained(fragment))
      case .fragmentSpread(let spread): .fragmentSpread(Unmanaged.passUnretained(spread))
      }
    }
    table = SlotTable(steps)
    recordBound = Self.recordBound(of: selections)
  }

  /// Each object field adds its record and its own selections' bound; fragments add theirs.
  private static func recordBound(of selections: [Selection]) -> Int? {
    var bound = 0
    for selection in selections {
      let added: Int?
      switch selection {
      case .field(let field):
        guard field.type.isComposite else { continue }
        guard field.type.listDepth == 0 else { return nil }
        added = field.steps.recordBound.map { $0 + 1 }
      case .inlineFragment(let fragment): added = fragment.steps.recordBound
      case .fragmentSpread(let spread): added = spread.fragment.steps.recordBound
      }
      // Fragments spread twice at each level double it: past `Int.max` is unbounded.
      guard let added, case (let sum, false) = bound.addingReportingOverflow(added) else { return nil }
      bound = sum
    }
    return bound
  }
}
