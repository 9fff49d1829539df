import BatonNormalizer

/// The least any read of the records does, as a floor for the read's time per byte: from
/// the root, follow every link to its record and load the first byte of every string (the
/// cache line a read's retain of that string lands on), in the order the response wrote
/// them. Builds nothing, checks no selection.
struct RecordWalk: SourceWalk {
  let source: RecordSource
  private(set) var touched = 0

  init(source: RecordSource) { self.source = source }

  mutating func run() -> Int {
    follow(.root)
    return touched
  }

  private mutating func follow(_ id: RecordID) {
    guard let record = source[id] else { return }
    for (_, field) in record.fields { touch(field.value) }
  }

  private mutating func touch(_ value: RecordValue) {
    switch value {
    case .scalar(.string(let text)): touched &+= Int(text.utf8.first ?? 1)
    case .null, .scalar: touched += 1
    case .link(let id): follow(id)
    case .list(let items): for item in items { touch(item) }
    }
  }
}
