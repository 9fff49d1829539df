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
