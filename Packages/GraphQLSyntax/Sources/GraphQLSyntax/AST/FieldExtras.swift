extension Field.Parts {
  /// The parts a run element rarely has, in one word (see `Field.Parts`).
  enum Extras: Hashable, Sendable {
    case none
    case field(FieldExtras)
    case fragment(FragmentSelection)

    /// `.none` when there are none, so that equal fields have equal extras.
    @inline(__always)
    init(alias: Name?, arguments: [Argument], directives: [Directive]) {
      self = alias == nil && arguments.isEmpty && directives.isEmpty
        ? .none
        : .field(FieldExtras(alias: alias, arguments: arguments, directives: directives))
    }

    fileprivate var field: FieldExtras? {
      guard case .field(let extras) = self else { return nil }
      return extras
    }
  }

  var alias: Name? {
    get { extras.field?.alias }
    set { extras = Extras(alias: newValue, arguments: arguments, directives: directives) }
  }

  var arguments: [Argument] {
    get { extras.field?.arguments ?? [] }
    set { extras = Extras(alias: alias, arguments: newValue, directives: directives) }
  }

  var directives: [Directive] {
    get { extras.field?.directives ?? [] }
    set { extras = Extras(alias: alias, arguments: arguments, directives: newValue) }
  }

  /// The fragment where a run holds one instead of a field.
  var fragment: FragmentSelection? {
    guard case .fragment(let fragment) = extras else { return nil }
    return fragment
  }
}

/// A field's alias, arguments and directives, boxed and immutable: a change makes a new
/// box.
final class FieldExtras: Hashable, Sendable {
  let alias: Name?
  let arguments: [Argument]
  let directives: [Directive]

  init(alias: Name?, arguments: [Argument], directives: [Directive]) {
    self.alias = alias
    self.arguments = arguments
    self.directives = directives
  }

  static func == (lhs: FieldExtras, rhs: FieldExtras) -> Bool {
    lhs === rhs
      || (lhs.alias == rhs.alias && lhs.arguments == rhs.arguments
        && lhs.directives == rhs.directives)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(alias)
    hasher.combine(arguments)
    hasher.combine(directives)
  }
}
