import BatonNormalizer

extension RuntimeIssues {
  /// Raises one runtime issue per `missing` event of `request`, each pointing at the
  /// declaration of the fragment or operation that read it (the generated file), naming
  /// the record and the field, and saying what the heal does.
  static func reportMissingData(_ request: HealRequest, outcome: String, reader: OperationRead?) {
    #if DEBUG
      for event in request.missing where event.kind == .missing {
        let message = missingDataMessage(event, operation: request.operationName, outcome: outcome)
        if let declaration = reader?.declaration(of: event.owner) {
          report(message, fileID: declaration.fileID, line: declaration.line)
        } else {
          report(message)
        }
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
