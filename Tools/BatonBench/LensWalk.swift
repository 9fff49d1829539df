import BatonNormalizer

/// One pass of lookups along the selections: what the lens's accessors do at the least,
/// with none of the reader's bookkeeping (the walk that decides, seen records, events).
/// Walks every field of the query that way, fragments included, to price one lookup per
/// access beside the read that does it all.
struct LensWalk: SourceWalk {
  let source: RecordSource
  var touched = 0

  init(source: RecordSource) { self.source = source }

  mutating func run() -> Int {
    if let root = source[.root] { walk(root, GitHubIssuesQuery.operation.selections) }
    return touched
  }

  private mutating func walk(_ record: StoreRecord, _ selections: [Selection]) {
    for selection in selections {
      switch selection {
      case .field(let field):
        if field.name == "__typename" {
          touched += record.typename?.utf8.count ?? 0
        } else if let stored = record[field.storageKey([:])] {
          walk(stored.value, field.selections)
        }
      case .inlineFragment(let fragment):
        if let typename = record.typename, fragment.possibleTypes.contains(typename) { walk(record, fragment.selections) }
      case .fragmentSpread(let spread):
        walk(record, spread.fragment.selections)
      }
    }
  }

  private mutating func walk(_ value: RecordValue, _ selections: [Selection]) {
    switch value {
    case .null: touched += 1
    case .scalar(let scalar):
      if case .string(let text) = scalar { touched += text.utf8.count } else { touched += 1 }
    case .link(let id): if let record = source[id] { walk(record, selections) }
    case .list(let items): for item in items { walk(item, selections) }
    }
  }
}
