import BatonNormalizer

/// Reads the operation and then every fragment its data references, touching every value,
/// as a screen showing all of it would.
struct FullRead: SourceWalk {
  let source: RecordSource
  var touched = 0

  init(source: RecordSource) { self.source = source }

  mutating func run() -> Int {
    let result = read(source, operation: GitHubIssuesQuery.operation)
    if let data = result.data { visit(data) }
    return touched
  }

  private mutating func visit(_ object: DataObject) {
    // Slot by slot, as generated accessors read them.
    for index in 0..<object.slotCount { visit(object[index]) }
  }

  private mutating func visit(_ value: DataValue) {
    switch value {
    case .absent, .null, .caught, .requiredFieldMissing: touched += 1
    case .scalar(let scalar):
      if case .string(let text) = scalar { touched += text.utf8.count } else { touched += 1 }
    case .object(let object): visit(object)
    case .list(let items): for item in items { visit(item) }
    case .fragment(let reference):
      let fragment = read(source, fragment: GitHubIssuesQuery.authorDetails, at: reference)
      if let data = fragment.data { visit(data) }
    }
  }
}
