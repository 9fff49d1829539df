/// A read object: its type, the record it came from, and one value per selection.
///
/// `fields` holds one slot per field or fragment spread of the selection set, in document
/// order, with inline fragments flattened in place (but for an aliased one under `@catch`,
/// which takes one slot holding an object of its own); generated accessors read a slot by
/// its static index, so reading a property is an array access.
public struct DataObject: Sendable, Hashable {
  public let typename: String
  public let id: RecordID
  public let fields: [DataValue]
  /// The deferred fragments and streamed lists of this object that are not complete, by
  /// label; their slots read `.absent` (see `deferred(_:_:)`, `streamed(_:_:)`).
  public let increments: [String: IncrementState]

  public init(typename: String, id: RecordID, fields: [DataValue], increments: [String: IncrementState] = [:]) {
    self.typename = typename
    self.id = id
    self.fields = fields
    self.increments = increments
  }

  /// The slot at `index`, or `.absent` outside the selection (never a trap).
  public subscript(index: Int) -> DataValue {
    fields.indices.contains(index) ? fields[index] : .absent
  }
}

extension [Selection] {
  /// How many slots a `DataObject` read for these selections has.
  public var slotCount: Int {
    reduce(0) { count, selection in
      switch selection {
      case .field, .fragmentSpread: count + 1
      case .inlineFragment(let fragment): count + (fragment.catchTo == nil ? fragment.selections.slotCount : 1)
      }
    }
  }
}
