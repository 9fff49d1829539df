extension Reader {
  /// The zero value a read gives where the store cannot: `""`, `0`, `false`,
  /// `[]`, and for an object a placeholder whose fields are zero values in turn.
  func zeroValue(_ field: FieldSelection, level: Int) -> DataValue {
    zeroValue(field, level: level, depth: 0)
  }

  /// `depth` counts the placeholders enclosing this one: past `NestingLimit.zeroValues`
  /// an object's zero value is null, so that a placeholder for selections nested without
  /// end is not built without end either.
  private func zeroValue(_ field: FieldSelection, level: Int, depth: Int) -> DataValue {
    let type = field.type
    if level < type.listDepth { return .list([]) }
    if type.isComposite {
      guard depth < NestingLimit.zeroValues else { return .null }
      return .object(placeholder(typename: type.name, selections: field.selections, depth: depth + 1))
    }
    switch (type.kind, type.name) {
    case (.enumeration, _), (_, "String"), (_, "ID"): return .scalar(.string(""))
    case (_, "Int"), (_, "Float"): return .scalar(.number("0"))
    case (_, "Boolean"): return .scalar(.bool(false))
    default: return .scalar(.null)
    }
  }

  /// One placeholder per type, so every zero object of a type is the same value.
  func placeholder(typename: String, selections: [Selection], depth: Int = 0) -> DataObject {
    let id = RecordID.placeholder(typename: typename)
    var slots: [DataValue] = []
    fill(selections, typename: typename, id: id, depth: depth, into: &slots)
    return DataObject(typename: typename, id: id, fields: slots)
  }

  private func fill(_ selections: [Selection], typename: String, id: RecordID, depth: Int, into slots: inout [DataValue]) {
    for selection in selections {
      switch selection {
      case .field(let field):
        if field.isTypename {
          slots.append(.scalar(.string(typename)))
        } else {
          slots.append(field.type.levels[0] == .nonNull ? zeroValue(field, level: 0, depth: depth) : .null)
        }
      case .inlineFragment(let fragment):
        if !fragment.matches(typename) {
          Self.appendAbsent(fragment, into: &slots)
        } else if fragment.catchTo != nil {
          slots.append(.object(placeholder(typename: typename, selections: fragment.selections, depth: depth)))
        } else {
          fill(fragment.selections, typename: typename, id: id, depth: depth, into: &slots)
        }
      case .fragmentSpread(let spread):
        slots.append(spread.matches(typename) ? .fragment(FragmentReference(scope: newScope(of: spread), record: id)) : .absent)
      }
    }
  }

  /// Whether a stored scalar is of the kind the schema declares. Custom scalars take any JSON.
  static func conforms(_ value: JSONValue, to type: TypeReference) -> Bool {
    switch (type.kind, type.name, value) {
    case (.enumeration, _, .string): true
    case (.enumeration, _, _): false
    case (_, "String", .string), (_, "ID", .string), (_, "Boolean", .bool): true
    case (_, "Float", .number): value.doubleValue?.isFinite ?? false
    case (_, "ID", .number): value.intValue != nil
    case (_, "Int", .number): value.intValue.map { Int(Int32.min)...Int(Int32.max) ~= $0 } ?? false
    case (_, "String", _), (_, "ID", _), (_, "Int", _), (_, "Float", _), (_, "Boolean", _): false
    default: true
    }
  }

  /// What a scalar that does not conform to `type` is, for the `unexpected` event: JSON
  /// numbers have any number of digits, a `Float` only what fits a `Double`.
  static func describe(_ value: JSONValue, as type: TypeReference) -> String {
    if case .number = value, type.name == "Float" { return "a number out of range" }
    return value.kindDescription
  }

  static func expectation(_ type: TypeReference, level: Int) -> String {
    if level < type.listDepth { return "a list" }
    return type.isComposite ? "an object of type \(type.name)" : "a value of type \(type.name)"
  }

  static func describe(_ value: RecordValue) -> String {
    switch value {
    case .null: "null"
    case .scalar(let scalar): scalar.kindDescription
    case .link(let id): "a link to \(id)"
    case .list: "a list"
    }
  }
}
