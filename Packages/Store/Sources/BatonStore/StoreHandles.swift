import BatonNormalizer

/// The live handles of a store and, while there are many, the index from each record to
/// the handles whose last read saw it: how a write finds whom to re-read.
struct StoreHandles {
  /// Above this many handles the store keeps its index from records to handles; at or
  /// below it, finding a change's readers asks each handle's seen set.
  static let unindexedHandleLimit = 4

  private(set) var registrations: [Int: HandleRegistration] = [:]
  /// Record id to the handles whose last read saw it, kept only while many handles are
  /// registered (`nil` otherwise: the few handles' own seen sets answer, and a store read
  /// by one handle holds no second table of every record it saw).
  private(set) var index: [RecordID: HandleIDs]?

  var count: Int { registrations.count }
  var ids: Dictionary<Int, HandleRegistration>.Keys { registrations.keys }

  /// Handle `id`'s registration. Setting one directly leaves the index as it is: changes
  /// to what a handle saw go through `reindex`.
  subscript(id: Int) -> HandleRegistration? {
    get { registrations[id] }
    set { registrations[id] = newValue }
  }

  mutating func register(_ id: Int, _ registration: HandleRegistration) {
    registrations[id] = registration
    if index == nil, registrations.count > Self.unindexedHandleLimit { buildIndex() }
  }

  private mutating func buildIndex() {
    var built: [RecordID: HandleIDs] = [:]
    for (id, registration) in registrations {
      for record in registration.seen { built[record, default: .one(id)].insert(id) }
    }
    index = built
  }

  /// Forgets handle `id`; returns its registration, if it was registered.
  mutating func remove(_ id: Int) -> HandleRegistration? {
    guard let registration = registrations.removeValue(forKey: id) else { return nil }
    // Dropped at half the limit, not at it, so that a handle coming and going at the
    // limit does not rebuild the index each time.
    if registrations.count <= Self.unindexedHandleLimit / 2 {
      index = nil
    } else if index != nil {
      for record in registration.seen { removeFromIndex(id, record) }
    }
    return registration
  }

  /// Forgets what every handle saw, as after the records are all gone.
  mutating func forgetSeen() {
    if index != nil { index = [:] }
    for id in registrations.keys { registrations[id]?.seen = [] }
  }

  /// Indexes the records handle `id`'s read saw; `true` when they are not the last read's.
  ///
  /// - Complexity: O(changes) for `.changes`, changing the handle's set in place (a
  ///   re-read of a long list after a page tells the page's records); for `.all`, O(old +
  ///   new seen records) lookups, no set built.
  mutating func reindex(_ id: Int, seen: SeenRecords) -> Bool {
    switch seen {
    case .all(let records): return reindex(id, all: records)
    case .changes(let changes): return reindex(id, changes: changes)
    }
  }

  private mutating func reindex(_ id: Int, all seen: Set<RecordID>) -> Bool {
    guard let old = registrations[id]?.seen else { return false }
    var added = 0
    for record in seen where !old.contains(record) {
      index?[record, default: .one(id)].insert(id)
      added += 1
    }
    // Nothing added and as many records: the same set.
    guard added > 0 || old.count != seen.count else { return false }
    if index != nil, old.count + added != seen.count {
      for record in old where !seen.contains(record) { removeFromIndex(id, record) }
    }
    registrations[id]?.seen = seen
    return true
  }

  private mutating func reindex(_ id: Int, changes: [(record: RecordID, seen: Bool)]) -> Bool {
    guard var seen = registrations[id]?.seen else { return false }
    // Out of the registration while it changes, so that it changes in place.
    registrations[id]?.seen = []
    var changed = false
    for (record, isSeen) in changes {
      if isSeen {
        guard seen.insert(record).inserted else { continue }
        index?[record, default: .one(id)].insert(id)
      } else {
        guard seen.remove(record) != nil else { continue }
        removeFromIndex(id, record)
      }
      changed = true
    }
    registrations[id]?.seen = seen
    return changed
  }

  private mutating func removeFromIndex(_ id: Int, _ record: RecordID) {
    if index?[record]?.remove(id) == true { index?[record] = nil }
  }

  /// The handles whose last read saw any of `records`.
  func readers(of records: Set<RecordID>) -> Set<Int> {
    var result: Set<Int> = []
    guard let index else {
      for (id, registration) in registrations where !registration.seen.isDisjoint(with: records) {
        result.insert(id)
      }
      return result
    }
    for record in records {
      index[record]?.add(to: &result)
    }
    return result
  }
}
