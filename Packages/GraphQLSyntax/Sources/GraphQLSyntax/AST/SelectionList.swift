/// The selections of a selection set, in order: a collection indexed from zero like an
/// array, which array literals and sequences build.
///
/// A parse stores the selections of all the sets at one depth side by side in shared
/// chunks (see `NodeRun`, `FragmentSelection`), so that a document's thousand selection
/// sets cost no allocation each, and its fields none at all; a list built in code, or
/// changed, holds an array of its own.
public struct SelectionList: Hashable, Sendable {
  private var storage: Storage

  private enum Storage: Sendable {
    case parsed(NodeRun<Field.Parts>)
    case owned([Selection])
  }

  public init() {
    storage = .owned([])
  }

  public init(_ selections: [Selection]) {
    storage = .owned(selections)
  }

  /// A list the parser stored.
  init(_ run: NodeRun<Field.Parts>) {
    storage = .parsed(run)
  }

  /// The selections as an array: shares the storage of a list built from one.
  public var array: [Selection] {
    switch storage {
    case .parsed(let run): (0..<run.count).map(run.selection(at:))
    case .owned(let selections): selections
    }
  }

  /// Moves parsed selections into an array of their own, ahead of a change.
  private mutating func own() -> [Selection] {
    switch storage {
    case .parsed:
      return array
    case .owned(let selections):
      storage = .owned([])
      return selections
    }
  }

  public static func == (lhs: SelectionList, rhs: SelectionList) -> Bool {
    lhs.elementsEqual(rhs)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for selection in self {
      hasher.combine(selection)
    }
  }
}

extension SelectionList: RandomAccessCollection, MutableCollection {
  public var startIndex: Int { 0 }

  public var endIndex: Int {
    switch storage {
    case .parsed(let run): run.count
    case .owned(let selections): selections.count
    }
  }

  public subscript(position: Int) -> Selection {
    get {
      switch storage {
      case .parsed(let run): run.selection(at: position)
      case .owned(let selections): selections[position]
      }
    }
    set {
      var selections = own()
      selections[position] = newValue
      storage = .owned(selections)
    }
  }
}

extension SelectionList: RangeReplaceableCollection {
  public mutating func replaceSubrange<C: Collection<Selection>>(
    _ subrange: Range<Int>, with newElements: C
  ) {
    var selections = own()
    selections.replaceSubrange(subrange, with: newElements)
    storage = .owned(selections)
  }

  public mutating func reserveCapacity(_ minimumCapacity: Int) {
    var selections = own()
    selections.reserveCapacity(minimumCapacity)
    storage = .owned(selections)
  }
}

extension SelectionList: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Selection...) {
    self.init(elements)
  }
}

extension SelectionList: CustomStringConvertible {
  public var description: String { array.description }
}
