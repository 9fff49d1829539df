extension Reader {
  /// The field read through its `CacheRedirect`, where the record has no value for it: the
  /// record (or records) its arguments name, read as if linked. `nil` when the redirect leads
  /// to no record, or the records it leads to lack a field the read needs: the field is then
  /// missing, as without a redirect, so the handle is not ready and the heal fetches it (a
  /// redirect must not make a read look complete that is not). The inner value is `nil` when a
  /// null propagates out of the field, as `readValue`'s.
  mutating func readRedirect(_ field: FieldSelection, _ record: StoreRecord, storageKey: String) -> DataValue?? {
    guard let value = field.redirect?.value(for: field, variables: variables, in: source) else { return nil }
    let eventCount = events.count
    let thrownCount = thrownFieldErrors.count
    let scopes = catchScopes
    // The read cache keeps list items by where the list is stored; this list is stored nowhere.
    let kept = cache.take()
    defer { cache = kept }
    let read = readValue(value, errors: [], level: 0, Position(record: record.id, storageKey: storageKey, field: field))
    guard events[eventCount...].contains(where: { $0.kind == .missing }) else { return .some(read) }
    events.removeSubrange(eventCount...)
    thrownFieldErrors.removeSubrange(thrownCount...)
    catchScopes = scopes
    return nil
  }
}
