import BatonNormalizer

/// What an operation read, as a tree: from the records of its last read that no other
/// of them links to (the query root, for a query), through each link to a record the read
/// also saw. A record already shown higher up is listed again but not expanded, so
/// cycles end.
struct ReadTree {
  /// One link followed: the field it is in (with the list index for list items) and the
  /// record it reaches.
  struct Edge {
    var field: String
    var target: RecordID
  }

  let records: RecordSource
  let seen: Set<RecordID>

  init(records: RecordSource, seen: [RecordID]) {
    self.records = records
    self.seen = Set(seen)
  }

  /// The records no other seen record links to, `client:root` first when it was seen.
  var roots: [RecordID] {
    var linked: Set<RecordID> = []
    for id in seen {
      for edge in edges(of: id) where edge.target != id { linked.insert(edge.target) }
    }
    let roots = seen.subtracting(linked).sorted()
    if roots.isEmpty, let first = seen.sorted().first { return [first] }
    return roots
  }

  /// The links of `id` to records the read saw, in field order.
  func edges(of id: RecordID) -> [Edge] {
    guard let record = records[id] else { return [] }
    var edges: [Edge] = []
    for key in record.fields.keys.sorted() {
      guard let field = record.fields[key] else { continue }
      collect(field.value, label: key, into: &edges)
    }
    return edges
  }

  private func collect(_ value: RecordValue, label: String, into edges: inout [Edge]) {
    switch value {
    case .link(let target) where seen.contains(target): edges.append(Edge(field: label, target: target))
    case .list(let items):
      for (index, item) in items.enumerated() { collect(item, label: "\(label)[\(index)]", into: &edges) }
    case .null, .scalar, .link: break
    }
  }

  /// The tree as indented lines, `indent` deep, stopping below `depthLimit` levels.
  func lines(indent: Int, depthLimit: Int = 12) -> [String] {
    var lines: [String] = []
    var expanded: Set<RecordID> = []
    for root in roots {
      lines.append(String(repeating: " ", count: indent) + root.rawValue)
      walk(root, depth: 1, indent: indent, depthLimit: depthLimit, expanded: &expanded, into: &lines)
    }
    return lines
  }

  private func walk(
    _ id: RecordID, depth: Int, indent: Int, depthLimit: Int, expanded: inout Set<RecordID>, into lines: inout [String]
  ) {
    guard expanded.insert(id).inserted else { return }
    let pad = String(repeating: " ", count: indent + 2 * depth)
    for edge in edges(of: id) {
      let again = expanded.contains(edge.target)
      lines.append(pad + edge.field + " → " + edge.target.rawValue + (again ? " (above)" : ""))
      if !again, depth < depthLimit {
        walk(edge.target, depth: depth + 1, indent: indent, depthLimit: depthLimit, expanded: &expanded, into: &lines)
      }
    }
  }
}
