/// `{ Selection* }` (graphql-core 3.3 accepts empty selection sets).
public struct SelectionSet: Hashable, Sendable {
  public var selections: SelectionList
  /// `Location.missing` for none: a field's parts hold an optional selection set, and an
  /// optional location's extra byte would make them a word longer.
  private var storedLoc: Location

  public init(selections: SelectionList, loc: Location? = nil) {
    self.selections = selections
    self.storedLoc = loc ?? .missing
  }

  public var loc: Location? {
    get { storedLoc == .missing ? nil : storedLoc }
    set { storedLoc = newValue ?? .missing }
  }
}

/// `Field`, `FragmentSpread` or `InlineFragment`.
///
/// Every case holds one reference (`Field` keeps its parts in a box; fragments are
/// `indirect`), so a selection is one word: arrays of them grow by moving words, and
/// copying one is a retain.
public enum Selection: Hashable, Sendable {
  case field(Field)
  indirect case fragmentSpread(FragmentSpread)
  indirect case inlineFragment(InlineFragment)

  public var loc: Location? {
    switch self {
    case .field(let node): node.loc
    case .fragmentSpread(let node): node.loc
    case .inlineFragment(let node): node.loc
    }
  }
}

/// `... FragmentName Arguments? Directives?`; arguments only with
/// `experimentalFragmentArguments`.
public struct FragmentSpread: Hashable, Sendable {
  public var name: Name
  public var arguments: [Argument]
  public var directives: [Directive]
  public var loc: Location?

  public init(
    name: Name, arguments: [Argument] = [], directives: [Directive] = [], loc: Location? = nil
  ) {
    self.name = name
    self.arguments = arguments
    self.directives = directives
    self.loc = loc
  }
}

/// `... TypeCondition? Directives? SelectionSet`
public struct InlineFragment: Hashable, Sendable {
  public var typeCondition: NamedType?
  public var directives: [Directive]
  public var selectionSet: SelectionSet
  public var loc: Location?

  public init(
    typeCondition: NamedType? = nil, directives: [Directive] = [], selectionSet: SelectionSet,
    loc: Location? = nil
  ) {
    self.typeCondition = typeCondition
    self.directives = directives
    self.selectionSet = selectionSet
    self.loc = loc
  }
}

/// `Name : Value`, in a field, directive or (experimental) fragment spread.
public struct Argument: Hashable, Sendable {
  public var name: Name
  public var value: Value
  public var loc: Location?

  public init(name: Name, value: Value, loc: Location? = nil) {
    self.name = name
    self.value = value
    self.loc = loc
  }
}

/// `@ Name Arguments?`
public struct Directive: Hashable, Sendable {
  public var name: Name
  public var arguments: [Argument]
  public var loc: Location?

  public init(name: Name, arguments: [Argument] = [], loc: Location? = nil) {
    self.name = name
    self.arguments = arguments
    self.loc = loc
  }
}
