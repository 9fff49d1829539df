@_spi(Development) import BatonNormalizer
import Foundation

/// The fetch times of fields with a max age (`MaxAges`), noted as a fetch, a page, a later
/// incremental payload or a mutation's response commits.
extension StoreState {
  /// Writes a response the server sent for `reader` (`commit(_:fetchedAt:)`, which logs
  /// its connection pages when `logsPages`) and notes the fetch times of the fields it
  /// wrote that have a max age. Returns the records whose content changed, and apart from
  /// them those with a field noted, whose readers must hear the new times.
  mutating func commitResponse(
    _ payload: ResponsePayload, reader: OperationRead, at now: Date, logsPages: Bool
  ) -> (changed: Set<RecordID>, aged: Set<RecordID>) {
    let changed = commit(payload, fetchedAt: logsPages ? now : nil)
    return (changed, noteFieldAges(payload, reader: reader, at: now))
  }

  /// Notes the fields `payload` wrote that have a max age: declared for their type and
  /// field, or, with `usesServerHints`, the reply's `Cache-Control` for all of them and an
  /// `extensions.cacheControl` hint for the field at its path. Fields with none written
  /// again keep the max age they had, with the new fetch time. Returns the records with a
  /// field noted, whose readers must hear the new times even when no value changed.
  private mutating func noteFieldAges(_ payload: ResponsePayload, reader: OperationRead, at now: Date) -> Set<RecordID> {
    guard !maxAges.isNone else { return [] }
    let hinted = maxAges.usesServerHints ? Self.pathHints(payload, reader: reader, in: base) : [:]
    let everyField = maxAges.usesServerHints ? payload.httpMaxAge : nil
    var written: [(record: RecordID, field: String, maxAge: Double?)] = []
    for record in payload.records.records.values {
      let typename = base[record.id]?.typename ?? record.typename ?? ""
      for (key, _) in record.fields {
        var maxAge = everyField
        let name = key.firstIndex(of: "(").map { String(key[..<$0]) } ?? key
        if let declared = maxAges.fields["\(typename).\(name)"]?.timeInterval {
          maxAge = Swift.min(maxAge ?? declared, declared)
        }
        if let hint = hinted[HintedField(record: record.id, field: key)] {
          maxAge = Swift.min(maxAge ?? hint, hint)
        }
        written.append((record.id, key, maxAge))
      }
    }
    let before = fieldAges
    fieldAges.note(written, at: now.timeIntervalSince1970)
    guard fieldAges != before else { return [] }
    touchImage()
    return Set(written.compactMap { fieldAges.fields[$0.record]?[$0.field] == nil ? nil : $0.record })
  }

  struct HintedField: Hashable {
    var record: RecordID
    var field: String
  }

  /// The record field at each path of the response's `extensions.cacheControl.hints`, with
  /// its max age; a path the operation's selections do not reach is ignored.
  static func pathHints(_ payload: ResponsePayload, reader: OperationRead, in source: RecordSource) -> [HintedField: Double] {
    guard case .array(let hints)? = payload.extensions?["cacheControl"]?["hints"] else { return [:] }
    var found: [HintedField: Double] = [:]
    for hint in hints {
      guard case .array(let path)? = hint["path"], let maxAge = hint["maxAge"]?.doubleValue, maxAge >= 0,
        let field = resolve(path, reader: reader, in: source)
      else { continue }
      found[field] = Swift.min(found[field] ?? maxAge, maxAge)
    }
    return found
  }

  /// The record and storage key a response path ends at: each key names a field by its
  /// response key among the selections (inline fragments and spreads included), each
  /// index an item of the list before it.
  private static func resolve(_ path: [JSONValue], reader: OperationRead, in source: RecordSource) -> HintedField? {
    var record = reader.root
    var selections = reader.operation.selections
    var pending: RecordValue?
    for (position, segment) in path.enumerated() {
      if let index = segment.intValue, case .list(let items)? = pending {
        guard items.indices.contains(index) else { return nil }
        pending = items[index]
        continue
      }
      if case .link(let id)? = pending { record = id }
      guard let key = segment.stringValue, let field = field(key, in: selections) else { return nil }
      let storageKey = field.readStorageKey(reader.variables)
      if position == path.count - 1 { return HintedField(record: record, field: storageKey) }
      guard let value = source[record]?[storageKey]?.value else { return nil }
      pending = value
      selections = field.selections
    }
    return nil
  }

  /// The field selected under `responseKey`, looking into inline fragments and spreads.
  private static func field(_ responseKey: String, in selections: [Selection]) -> FieldSelection? {
    for selection in selections {
      switch selection {
      case .field(let field): if field.responseKey == responseKey { return field }
      case .inlineFragment(let inline): if let found = field(responseKey, in: inline.selections) { return found }
      case .fragmentSpread(let spread): if let found = field(responseKey, in: spread.fragment.selections) { return found }
      }
    }
    return nil
  }
}
