import BatonNormalizer

extension RecordSource {
  /// The records `record` reaches through links (itself included) that no record outside
  /// them reaches: what evicting `record` removes. The root is never among them.
  ///
  /// A record the rest of the store links to stays, with what it reaches, even if `record`
  /// linked to it too.
  /// - Complexity: O(fields of every record): whether something outside links in can only
  ///   be told by looking at everything outside.
  func reachedOnly(from record: RecordID) -> Set<RecordID> {
    guard record != .root, self[record] != nil else { return [] }
    let reached = closure(from: [record], excluding: [])
    var linkedFromOutside: [RecordID] = []
    for (id, stored) in records where !reached.contains(id) {
      stored.forEachLink { if reached.contains($0) && $0 != record { linkedFromOutside.append($0) } }
    }
    return reached.subtracting(closure(from: linkedFromOutside, excluding: [record]))
  }

  /// The records reachable from `start` through links, `start` included, never entering
  /// `excluding`. Iterative, so a long chain of links cannot exhaust the thread's stack.
  private func closure(from start: [RecordID], excluding: Set<RecordID>) -> Set<RecordID> {
    var reached = Set<RecordID>()
    var pending = start.filter { !excluding.contains($0) }
    while let id = pending.popLast() {
      guard let stored = self[id], reached.insert(id).inserted else { continue }
      stored.forEachLink { if !excluding.contains($0) && !reached.contains($0) { pending.append($0) } }
    }
    return reached
  }
}

extension RecordUpdater {
  /// Removes the fields of `id` whose storage key `matches`.
  mutating func removeFields(of id: RecordID, where matches: (String) -> Bool) {
    guard var record = self[id] else { return }
    let keys = record.fields.keys.filter(matches)
    guard !keys.isEmpty else { return }
    for key in keys { record.fields[key] = nil }
    self[id] = record
  }

  /// Removes `ids`, and every field of another record that links to one of them, so
  /// what linked there reads as missing rather than pointing at nothing.
  mutating func removeRecords(_ ids: Set<RecordID>) {
    guard !ids.isEmpty else { return }
    for id in ids { self[id] = nil }
    for (id, record) in source.records {
      removeFields(of: id) { key in
        var linksToRemoved = false
        record.fields[key]?.value.forEachLink { if ids.contains($0) { linksToRemoved = true } }
        return linksToRemoved
      }
    }
  }
}
