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

  /// Whether some selected field had no value in the store.
  public var isMissingData: Bool {
    events.contains { $0.kind == .missing }
  }

  /// The uncaught field errors met: the errors "on the handle".
  public var fieldErrors: [ReadEvent] {
    events.filter { if case .fieldError = $0.kind { true } else { false } }
  }

  /// The data, or the failure thrown.
  public func get() throws(ReadFailure) -> DataObject? {
    if let failure { throw failure }
    return data
  }
}
