extension RecordValue {
  /// Calls `body` with each record this value links to; lists are walked with a stack of
  /// their own, not by recursion, so a deeply nested list from a response cannot exhaust
  /// the thread's stack.
  package func forEachLink(_ body: (RecordID) -> Void) {
    var pending = [self]
    while let value = pending.popLast() {
      switch value {
      case .null, .scalar: continue
      case .link(let id): body(id)
      case .list(let items): pending.append(contentsOf: items)
      }
    }
  }
}

extension StoreRecord {
  /// Calls `body` with each record this record's fields link to.
  package func forEachLink(_ body: (RecordID) -> Void) {
    for (_, field) in fields { field.value.forEachLink(body) }
  }
}

extension StoreRecord {
  /// The record without its fields that link to a record `isPresent` says is gone; `nil`
  /// when every link resolves. What garbage collection drops, and a record read back from a
  /// backing before it is written.
  package func resolvingLinks(_ isPresent: (RecordID) -> Bool) -> StoreRecord? {
    var resolved: StoreRecord?
    for (key, field) in fields {
      var resolves = true
      field.value.forEachLink { if resolves && !isPresent($0) { resolves = false } }
      if !resolves {
        if resolved == nil { resolved = self }
        resolved?.fields[key] = nil
      }
    }
    return resolved
  }
}
