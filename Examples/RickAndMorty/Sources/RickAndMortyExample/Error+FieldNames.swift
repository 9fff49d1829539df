import Baton

extension Error {
  /// The fields a `ReadFailure` names, or the error itself in words.
  var fieldNames: String {
    switch self as? ReadFailure {
    case .fieldErrors(let events)?: "field errors at \(events.compactMap(\.field))"
    case .requiredFieldMissing(let event)?: "a required field missing at \(event.field ?? "?")"
    case nil: "\(self)"
    }
  }
}
