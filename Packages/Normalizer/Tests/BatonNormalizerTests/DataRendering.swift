import BatonNormalizer

/// Turns read data back into response JSON, reading every fragment a spread references
/// and merging its fields in, so a test can compare a read with the response it came from.
struct DataRendering {
  var source: RecordSource
  var fragments: [String: Fragment]
  var events: [ReadEvent] = []

  init(source: RecordSource, operation: OperationDescriptor) {
    self.source = source
    var fragments: [String: Fragment] = [:]
    Self.collect(operation.selections, into: &fragments)
    self.fragments = fragments
  }

  private static func collect(_ selections: [Selection], into fragments: inout [String: Fragment]) {
    for selection in selections {
      switch selection {
      case .field(let field): collect(field.selections, into: &fragments)
      case .inlineFragment(let fragment): collect(fragment.selections, into: &fragments)
      case .fragmentSpread(let spread):
        fragments[spread.fragment.name] = spread.fragment
        collect(spread.fragment.selections, into: &fragments)
      }
    }
  }

  mutating func render(_ object: DataObject, _ selections: [Selection]) -> JSONValue {
    var members: [JSONMember] = []
    var slot = 0
    render(selections, object, &slot, into: &members)
    return .object(members)
  }

  private mutating func render(_ selections: [Selection], _ object: DataObject, _ slot: inout Int, into members: inout [JSONMember]) {
    for selection in selections {
      switch selection {
      case .field(let field):
        let value = object[slot]
        slot += 1
        if value == .absent { continue }
        add(JSONMember(field.responseKey, render(value, field.selections)), to: &members)
      case .inlineFragment(let fragment):
        render(fragment.selections, object, &slot, into: &members)
      case .fragmentSpread(let spread):
        let value = object[slot]
        slot += 1
        guard case .fragment(let reference) = value, let fragment = fragments[spread.fragment.name] else { continue }
        let result = read(source, fragment: fragment, at: reference)
        events += result.events
        guard let data = result.data, case .object(let fields) = render(data, fragment.selections) else { continue }
        for member in fields { add(member, to: &members) }
      }
    }
  }

  private mutating func render(_ value: DataValue, _ selections: [Selection]) -> JSONValue {
    switch value {
    case .absent, .null, .caught, .requiredFieldMissing: .null
    case .scalar(let scalar): scalar
    case .object(let object): render(object, selections)
    case .list(let items): .array(items.map { render($0, selections) })
    case .fragment: .null
    }
  }

  /// A key the parent and a fragment both select appears once, objects merged.
  private func add(_ member: JSONMember, to members: inout [JSONMember]) {
    guard let index = members.firstIndex(where: { $0.key == member.key }) else {
      members.append(member)
      return
    }
    if case .object(let old) = members[index].value, case .object(let new) = member.value {
      var merged = old
      for field in new { add(field, to: &merged) }
      members[index].value = .object(merged)
    }
  }
}
