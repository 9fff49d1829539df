/// `Alias? Name Arguments? Directives? SelectionSet?`
///
/// The parts live in one shared, immutable box: fields are the bulk of every operation,
/// and moving or copying a field (into a `Selection`, through a growing array, out of a
/// `switch`) then costs one retain instead of a retain per part and a hundred-byte copy.
/// Reading and writing the properties works as on any struct; a write puts the parts in
/// a new box.
public struct Field: Hashable, Sendable {
  private var storage: Storage

  public init(
    alias: Name? = nil, name: Name, arguments: [Argument] = [], directives: [Directive] = [],
    selectionSet: SelectionSet? = nil, loc: Location? = nil
  ) {
    storage = Storage(
      alias: alias, name: name, arguments: arguments, directives: directives,
      selectionSet: selectionSet, loc: loc)
  }

  public var alias: Name? {
    get { storage.alias }
    set { storage = storage.with(alias: newValue) }
  }

  public var name: Name {
    get { storage.name }
    set { storage = storage.with(name: newValue) }
  }

  public var arguments: [Argument] {
    get { storage.arguments }
    set { storage = storage.with(arguments: newValue) }
  }

  public var directives: [Directive] {
    get { storage.directives }
    set { storage = storage.with(directives: newValue) }
  }

  public var selectionSet: SelectionSet? {
    get { storage.selectionSet }
    set { storage = storage.with(selectionSet: newValue) }
  }

  public var loc: Location? {
    get { storage.loc }
    set { storage = storage.with(loc: newValue) }
  }

  /// The key of this field in a response: the alias if any, else the name.
  public var responseKey: String { alias?.value ?? name.value }

  public static func == (lhs: Field, rhs: Field) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.alias == rhs.alias && lhs.name == rhs.name && lhs.arguments == rhs.arguments
        && lhs.directives == rhs.directives && lhs.selectionSet == rhs.selectionSet
        && lhs.loc == rhs.loc)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(alias)
    hasher.combine(name)
    hasher.combine(arguments)
    hasher.combine(directives)
    hasher.combine(selectionSet)
    hasher.combine(loc)
  }

  /// Immutable, so reads need no exclusivity checks and sharing needs no locks.
  private final class Storage: Sendable {
    let alias: Name?
    let name: Name
    let arguments: [Argument]
    let directives: [Directive]
    let selectionSet: SelectionSet?
    let loc: Location?

    init(
      alias: Name?, name: Name, arguments: [Argument], directives: [Directive],
      selectionSet: SelectionSet?, loc: Location?
    ) {
      self.alias = alias
      self.name = name
      self.arguments = arguments
      self.directives = directives
      self.selectionSet = selectionSet
      self.loc = loc
    }

    /// A copy with the given parts replaced.
    func with(
      alias: Name?? = nil, name: Name? = nil, arguments: [Argument]? = nil,
      directives: [Directive]? = nil, selectionSet: SelectionSet?? = nil, loc: Location?? = nil
    ) -> Storage {
      Storage(
        alias: alias ?? self.alias, name: name ?? self.name, arguments: arguments ?? self.arguments,
        directives: directives ?? self.directives, selectionSet: selectionSet ?? self.selectionSet,
        loc: loc ?? self.loc)
    }
  }
}
