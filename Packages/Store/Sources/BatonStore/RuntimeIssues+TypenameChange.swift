import BatonNormalizer

extension RuntimeIssues {
  /// Raises one runtime issue per `typenameChanged` event of `logs`: a record written with
  /// a `__typename` other than the one stored under its id.
  static func reportTypenameChanges(_ logs: [LogEvent]) {
    #if DEBUG
      for event in logs {
        guard case .typenameChanged(let old, let new) = event.kind, let record = event.record else { continue }
        report(typenameChangeMessage(record: record, from: old, to: new))
      }
    #endif
  }

  /// `typename changed: record User:1 was stored as type User and is now written as type
  /// Bot; ...`, with the likely cause, as Relay's warning names it.
  static func typenameChangeMessage(record: RecordID, from old: String, to new: String) -> String {
    "typename changed: record \(record) was stored as type \(old) and is now written as type \(new); "
      + "the server likely gave one id to objects of two types (ids must be unique across types)."
  }
}
