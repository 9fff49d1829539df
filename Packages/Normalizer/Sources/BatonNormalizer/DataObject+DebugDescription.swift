extension DataObject {
  /// The values `selections` read (slots from `base`), as `Name(key: value, ...)`: fields by
  /// response key, a spread fragment as `...Fragment(...)` with its fields read from
  /// `source`, caught errors by message, a deferred part not yet arrived or failed as
  /// `@defer(label): pending` and a stream with more to come as `key: [...] + pending`; what
  /// a debugger should show of generated data, rather than slots and records.
  public func debugDescription(named name: String, selections: [Selection], base: Int = 0, in source: RecordSource) -> String {
    var slot = base
    var members: [String] = []
    Self.describeSlots(selections, self, slot: &slot, source, into: &members)
    return name + "(" + members.joined(separator: ", ") + ")"
  }

  private static func describeSlots(
    _ selections: [Selection], _ object: DataObject, slot: inout Int, _ source: RecordSource, into members: inout [String]
  ) {
    for selection in selections {
      switch selection {
      case .field(let field):
        let value = object[slot]
        slot += 1
        let key = field.alias ?? field.name
        guard value != .absent, key != "__typename" else { continue }
        let more = field.stream.flatMap { object.increments[$0.label] }.map { " + " + describe($0) } ?? ""
        members.append(key + ": " + describe(value, field.selections, source) + more)
      case .fragmentSpread(let spread):
        let value = object[slot]
        slot += 1
        if let deferred = spread.deferred, let state = object.increments[deferred.label] {
          members.append("...\(spread.fragment.name) @defer(\(deferred.label)): " + describe(state))
          continue
        }
        guard let reference = value.fragmentReference else { continue }
        let result = read(source, fragment: spread.fragment, at: reference)
        let fields = result.data.map {
          $0.debugDescription(named: spread.fragment.name, selections: spread.fragment.selections, in: source)
        }
        members.append("..." + (fields ?? spread.fragment.name + "(nil)"))
      case .inlineFragment(let fragment) where fragment.catchTo != nil:
        let value = object[slot]
        slot += 1
        guard value != .absent else { continue }
        members.append("... on \(fragment.typeCondition ?? object.typename) @catch: " + describe(value, fragment.selections, source))
      case .inlineFragment(let fragment):
        if let deferred = fragment.deferred, let state = object.increments[deferred.label] {
          // Its slots are still read, to step past them, but what they hold is not there yet.
          var unread: [String] = []
          describeSlots(fragment.selections, object, slot: &slot, source, into: &unread)
          members.append("@defer(\(deferred.label)): " + describe(state))
        } else {
          describeSlots(fragment.selections, object, slot: &slot, source, into: &members)
        }
      }
    }
  }

  private static func describe(_ state: IncrementState) -> String {
    switch state {
    case .pending: "pending"
    case .failed(let errors): "failed(" + messages(errors) + ")"
    }
  }

  private static func describe(_ value: DataValue, _ selections: [Selection], _ source: RecordSource) -> String {
    switch value {
    case .absent, .null: "nil"
    case .scalar(let json): JSONWriter.string(json)
    case .object(let object): object.debugDescription(named: object.typename, selections: selections, in: source)
    case .list(let items): "[" + items.map { describe($0, selections, source) }.joined(separator: ", ") + "]"
    case .fragment(let reference): "..." + reference.fragment
    case .caught(let errors): "caught(" + messages(errors) + ")"
    case .requiredFieldMissing: "requiredFieldMissing"
    }
  }

  private static func messages(_ errors: [FieldError]) -> String {
    JSONWriter.string(.array(errors.map { .string($0.message) }))
  }
}
