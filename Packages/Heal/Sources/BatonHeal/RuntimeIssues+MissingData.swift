import BatonNormalizer
import BatonStore

extension RuntimeIssues {
  /// Raises one runtime issue per `missing` event of `request`, each naming the fragment or
  /// operation that read it, the record and the field, and saying what the heal does.
  static func reportMissingData(
    _ request: HealRequest, outcome: String, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    #if DEBUG
      for event in request.missing where event.kind == .missing {
        report(missingDataMessage(event, operation: request.operationName, outcome: outcome), fileID: fileID, line: line)
      }
    #endif
  }

  /// `missing data: fragment OriginDetails read field "name" of record Location:20, which
  /// is not in the store; operation RickOrigin is stale and <outcome>.`
  static func missingDataMessage(_ event: ReadEvent, operation: String, outcome: String) -> String {
    let place = event.field.map { "field \"\($0)\" of record \(event.record)" } ?? "record \(event.record)"
    return "missing data: \(event.owner) read \(place), which is not in the store; "
      + "operation \(operation) is stale and \(outcome)."
  }
}
