/// The handles whose last read saw one record, for the store's index from records to
/// handles: nearly always a single handle, kept inline then, so that indexing a read of
/// 80,000 records allocates no set per record (a one-element `Set` cost about 100 bytes).
enum HandleIDs: Sendable {
  case one(Int)
  case many(Set<Int>)

  mutating func insert(_ id: Int) {
    switch self {
    case .one(let only) where only == id: return
    case .one(let only): self = .many([only, id])
    case .many(var ids):
      self = .one(id)  // let go of the set's storage so the insert happens in place
      ids.insert(id)
      self = .many(ids)
    }
  }

  /// Removes `id`; `true` when no handle is left.
  mutating func remove(_ id: Int) -> Bool {
    switch self {
    case .one(let only): return only == id
    case .many(var ids):
      self = .one(id)
      ids.remove(id)
      if ids.count == 1, let only = ids.first {
        self = .one(only)
      } else {
        self = .many(ids)
      }
      return ids.isEmpty
    }
  }

  /// Adds these handles to `result`.
  func add(to result: inout Set<Int>) {
    switch self {
    case .one(let id): result.insert(id)
    case .many(let ids): result.formUnion(ids)
    }
  }
}
