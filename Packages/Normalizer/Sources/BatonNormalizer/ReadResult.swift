/// Everything one read gives: the data, the records it saw (a write to any of them may
/// change the data), and everything that went wrong.
public struct ReadResult: Sendable, Hashable {
  /// The data, or `nil` when the root record is missing or a null propagated to the root.
  public var data: DataObject?
  public var seenRecords: Set<RecordID>
  /// Missing data, unexpected values, uncaught field errors and `@required` nulls, in the
  /// order the read met them.
  public var events: [ReadEvent]
  /// Set when the owner fails as a whole; generated accessors throw it.
  public var failure: ReadFailure?
  /// What a `@catch` on the fragment caught: its field errors and `@required(action: THROW)`
  /// nulls, the same from cache as from network. Empty without one.
  public var caughtErrors: [FieldError] = []
  /// For data read as a lens (`RecordLens`), the fragment references its slots hold, in the
  /// order a walk of the data meets them (`OperationRead` reads each fragment, and would
  /// otherwise make every object of the lens to find them); `nil` for data read as a tree.
  /// An object met again under the same selections lists its references once, at its first
  /// meeting (see `Reader.walkedPlain`). No part of the result's value.
  package var spreads: [FragmentReference]?

  /// Whether some selected field had no value in the store.
  public var isMissingData: Bool {
    events.contains { $0.kind == .missing }
  }

  /// The uncaught field errors met: the errors "on the handle".
  public var fieldErrors: [ReadEvent] {
    events.filter { if case .fieldError = $0.kind { true } else { false } }
  }

  public static func == (lhs: ReadResult, rhs: ReadResult) -> Bool {
    lhs.data == rhs.data && lhs.seenRecords == rhs.seenRecords && lhs.events == rhs.events
      && lhs.failure == rhs.failure && lhs.caughtErrors == rhs.caughtErrors
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(data)
    hasher.combine(seenRecords)
    hasher.combine(events)
    hasher.combine(failure)
    hasher.combine(caughtErrors)
  }

  /// The data, or the failure thrown.
  public func get() throws(ReadFailure) -> DataObject? {
    if let failure { throw failure }
    return data
  }
}
