/// `Alias? Name Arguments? Directives? SelectionSet?`
///
/// The parts live in a `NodeChunk`: a parse stores them in place among the selections of
/// the field's selection set (see `SelectionList`); moving or copying a field costs one
/// retain. Reading and writing the properties works as on any struct; a write puts the
/// parts in a chunk of their own.
public struct Field: Hashable, Sendable {
  private var slot: NodeSlot<Parts>

  /// What a run of selections holds for each selection (see `SelectionList`). A parse
  /// writes one per field, so its size is most of the parse's memory traffic: the rare
  /// parts are boxed so that it fits one cache line.
  struct Parts: Hashable, Sendable {
    var name: Name
    var selectionSet: SelectionSet?
    /// `Location.missing` for none: no optional's extra byte (and padding).
    var loc: Location
    /// The alias, arguments and directives, which few fields have; or, where a run holds
    /// a fragment instead of a field, that fragment.
    var extras: Extras
  }

  public init(
    alias: Name? = nil, name: Name, arguments: [Argument] = [], directives: [Directive] = [],
    selectionSet: SelectionSet? = nil, loc: Location? = nil
  ) {
    slot = NodeSlot(
      Parts(
        name: name, selectionSet: selectionSet, loc: loc ?? .missing,
        extras: Parts.Extras(alias: alias, arguments: arguments, directives: directives)))
  }

  /// A field the parser stored.
  init(_ slot: NodeSlot<Parts>) {
    self.slot = slot
  }

  public var alias: Name? {
    get { slot.read { $0.alias } }
    set { slot.change { $0.alias = newValue } }
  }

  public var name: Name {
    get { slot.read { $0.name } }
    set { slot.change { $0.name = newValue } }
  }

  public var arguments: [Argument] {
    get { slot.read { $0.arguments } }
    set { slot.change { $0.arguments = newValue } }
  }

  public var directives: [Directive] {
    get { slot.read { $0.directives } }
    set { slot.change { $0.directives = newValue } }
  }

  public var selectionSet: SelectionSet? {
    get { slot.read { $0.selectionSet } }
    set { slot.change { $0.selectionSet = newValue } }
  }

  public var loc: Location? {
    get { slot.read { $0.loc == .missing ? nil : $0.loc } }
    set { slot.change { $0.loc = newValue ?? .missing } }
  }

  /// The key of this field in a response: the alias if any, else the name.
  public var responseKey: String { slot.read { $0.alias?.value ?? $0.name.value } }

  public static func == (lhs: Field, rhs: Field) -> Bool {
    lhs.slot.isSame(as: rhs.slot) || lhs.slot.parts == rhs.slot.parts
  }

  public func hash(into hasher: inout Hasher) {
    slot.read { $0.hash(into: &hasher) }
  }
}
