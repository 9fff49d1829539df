extension Field.Parts {
  /// The parts a run element rarely has, in one word (see `Field.Parts`).
  enum Extras: Hashable, Sendable {
    case none
    case aliasOrDirectives(FieldExtras)
    case fragment(FragmentSelection)

    /// `.none` when there is neither, so that equal fields have equal extras.
    @inline(__always)
    init(alias: Name?, directives: [Directive]) {
      self = alias == nil && directives.isEmpty
        ? .none : .aliasOrDirectives(FieldExtras(alias: alias, directives: directives))
    }
  }

  var alias: Name? {
    get {
      guard case .aliasOrDirectives(let extras) = extras else { return nil }
      return extras.alias
    }
    set { extras = Extras(alias: newValue, directives: directives) }
  }

  var directives: [Directive] {
    get {
      guard case .aliasOrDirectives(let extras) = extras else { return [] }
      return extras.directives
    }
    set { extras = Extras(alias: alias, directives: newValue) }
  }

  /// The fragment where a run holds one instead of a field.
  var fragment: FragmentSelection? {
    guard case .fragment(let fragment) = extras else { return nil }
    return fragment
  }
}

/// A field's alias and directives, boxed and immutable: a change makes a new box.
final class FieldExtras: Hashable, Sendable {
  let alias: Name?
  let directives: [Directive]

  init(alias: Name?, directives: [Directive]) {
    self.alias = alias
    self.directives = directives
  }

  static func == (lhs: FieldExtras, rhs: FieldExtras) -> Bool {
    lhs === rhs || (lhs.alias == rhs.alias && lhs.directives == rhs.directives)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(alias)
    hasher.combine(directives)
  }
}
