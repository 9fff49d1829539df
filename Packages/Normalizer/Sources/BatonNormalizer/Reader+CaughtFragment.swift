extension Reader {
  /// An aliased inline fragment under `@catch`, on a record it matches: its fields as an
  /// object of their own on the same record, in one slot. A field error among them (or a
  /// `@required(action: THROW)` null) is caught there: the slot holds the errors for
  /// `.result`, null for `.null`, as a `@catch` field's does; a `@required` null that
  /// propagates to the fragment nulls it and stops there, as Relay's aliased fragment does.
  mutating func readCaught(_ fragment: InlineFragment, _ target: CatchTarget, _ record: StoreRecord) -> DataValue {
    catchScopes.append([])
    var slots = ReadSlots(typename: record.typename ?? "", id: record.id, capacity: fragment.selections.slotCount)
    let complete = readSelections(fragment.steps, record, into: &slots)
    let caught = catchScopes.popLast() ?? []
    if !caught.isEmpty { return target == .result ? .caught(caught) : .null }
    guard complete else { return .null }
    return .object(slots.object())
  }

  /// The slots of an inline fragment the record does not read: skipped by its conditions,
  /// not matching its type, or deferred and not there yet.
  static func appendAbsent(_ fragment: InlineFragment, into slots: inout [DataValue]) {
    slots.append(contentsOf: repeatElement(.absent, count: fragment.slotCount))
  }
}
