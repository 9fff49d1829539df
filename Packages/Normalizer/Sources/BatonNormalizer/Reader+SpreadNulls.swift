extension Reader {
  /// Whether the spread's fragment, read at `record`, is nulled by a field error, which then
  /// nulls the object holding the spread. Under `onError: NULL` an uncaught error on a
  /// non-null field goes up to the nearest nullable ancestor in the response, as the server's
  /// PROPAGATE would take it, and a spread is no field to stop it, so its type stays what the
  /// schema gives. A fragment with a policy of its own (`@catch`, `@throwOnFieldError`)
  /// handles its errors itself.
  ///
  /// The fragment's records count as seen either way (a change to them may null the parent);
  /// its events join this read only when it nulls the parent, since nothing reads the
  /// fragment then.
  ///
  /// - Complexity: O(fields the fragment reads), on top of the fragment's own read.
  mutating func spreadNullsParent(_ spread: FragmentSpread, _ record: StoreRecord) -> Bool {
    let fragment = spread.fragment
    guard onError == .null, !fragment.throwOnFieldError, fragment.catchTo == nil, depth < NestingLimit.objects else {
      return false
    }
    var probe = Reader(
      source: source, owner: .fragment(fragment.name), variables: spread.variables(variables), onError: onError,
      throwOnFieldError: false)
    // The fragment's objects nest below this one's, on the same stack (see `StackSegments`).
    probe.depth = depth + 1
    let nulled =
      StackSegments.startsSegment(probe.depth)
      ? StackSegments.run { probe.nullsRoot(record, fragment.steps) } ?? false
      : probe.nullsRoot(record, fragment.steps)
    for id in probe.seen { see(id) }
    guard nulled else { return false }
    meetPropagated(probe.events)
    return true
  }

  private mutating func nullsRoot(_ record: StoreRecord, _ selections: SelectionSteps) -> Bool {
    // The slots are thrown away: what matters is whether a null reaches the root.
    var slots = ReadSlots(typename: "", id: record.id, capacity: 0)
    return !readSelections(selections, record, into: &slots) && nulledByFieldError
  }

  /// The events of a fragment whose null crossed its spread into this read. Its field errors
  /// are met here, where the null landed: caught by an enclosing `@catch`, else reported
  /// (failing the owner under `@throwOnFieldError`), each still naming the fragment, its
  /// record and its field.
  private mutating func meetPropagated(_ propagated: [ReadEvent]) {
    for event in propagated {
      guard case .fieldError(let errors) = event.kind else {
        events.append(event)
        continue
      }
      if !catchScopes.isEmpty {
        catchScopes[catchScopes.count - 1].append(contentsOf: errors)
        continue
      }
      events.append(event)
      if throwOnFieldError { thrownFieldErrors.append(event) }
    }
  }
}
