import BatonNormalizer

/// Why an operation has no data to show.
public enum OperationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The store has nothing for the operation and its fetch failed.
  case fetch(FetchFailure)
  /// The read failed as a whole: a field error under `@throwOnFieldError` or
  /// `onError: HALT`. A null at `@required(action: THROW)` does not fail the
  /// read: the field's own accessor throws.
  case read(ReadFailure)
  /// A null reached the root of the operation: the events say which field.
  case nullData([ReadEvent])
  /// A `storeOnly` handle on an operation the store has no complete data for.
  case notInStore([ReadEvent])
  /// The generated type refused the read data; the message says why.
  case data(String)

  /// Why the operation failed, in a sentence.
  public var description: String {
    switch self {
    case .fetch(let failure): "The fetch failed: \(failure)"
    case .read(let failure): "The read failed: \(failure)"
    case .nullData(let events):
      "A null reached the operation's root." + (events.isEmpty ? "" : " " + events.map(\.description).joined(separator: "; "))
    case .notInStore(let events):
      "The store has no complete data for the operation."
        + (events.isEmpty ? "" : " " + events.prefix(3).map(\.description).joined(separator: "; "))
    case .data(let message): "The data could not be made: \(message)"
    }
  }
}
