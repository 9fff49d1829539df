/// A fragment spread or inline fragment in a parse's run of selections.
///
/// A run stores its fields' parts in place, so that a parsed field needs no storage, and
/// costs no reference count, of its own (see `SelectionList`). Its other selections take
/// the same room, as field parts that hold one of these instead of a field.
final class FragmentSelection: Hashable, Sendable {
  let selection: Selection

  init(_ selection: consuming Selection) {
    self.selection = selection
  }

  static func == (lhs: FragmentSelection, rhs: FragmentSelection) -> Bool {
    lhs.selection == rhs.selection
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(selection)
  }
}

extension Field.Parts {
  /// The element of a run that stands for `fragment`.
  init(fragment: consuming Selection) {
    name = Name("")
    selectionSet = nil
    loc = .missing
    extras = .fragment(FragmentSelection(fragment))
  }
}

extension NodeRun<Field.Parts> {
  /// The selection at `position`; a field refers to its parts in the run.
  func selection(at position: Int) -> Selection {
    read(position) { $0.fragment?.selection } ?? .field(Field(slot(at: position)))
  }
}
