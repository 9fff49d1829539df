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
    guard var probe = probe(of: spread) else { return false }
    let nulled = Self.atDepth(probe.depth) { probe.nullsRoot(record, spread.fragment.steps) }
    for id in probe.seen { see(id) }
    guard nulled else { return false }
    meetPropagated(probe.events)
    return true
  }

  /// The reader of the spread's fragment that looks for a null crossing the spread, or
  /// `nil` where none can: the fragment handles its errors itself, or the read is as deep as
  /// objects nest.
  func probe(of spread: FragmentSpread) -> Reader? {
    let fragment = spread.fragment
    guard onError == .null, !fragment.throwOnFieldError, fragment.catchTo == nil, depth < NestingLimit.objects else {
      return nil
    }
    var probe = Reader(
      source: source, owner: .fragment(fragment.name), variables: spread.variables(variables), onError: onError,
      throwOnFieldError: false)
    // The fragment's objects nest below this one's, on the same stack (see `StackSegments`).
    probe.depth = depth + 1
    return probe
  }

  /// `body`, run on a stack of its own when an object at `depth` starts one (see
  /// `StackSegments`); `false` where no thread can be made.
  static func atDepth(_ depth: Int, _ body: () -> Bool) -> Bool {
    StackSegments.startsSegment(depth) ? StackSegments.run(body) ?? false : body()
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
