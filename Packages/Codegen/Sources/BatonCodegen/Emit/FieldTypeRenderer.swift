/// A field's Swift type and the expression that decodes it from a `DataValue` slot, level
/// by level as the schema and the directives say: non-null is non-optional, nullable is
/// optional, semantic non-null is non-optional only under a handling policy.
struct FieldTypeRenderer {
  let context: EmitContext

  /// The Swift type of the named type: a built-in scalar, a schema type in the namespace,
  /// or `objectType` (the nested data struct) for composite fields.
  func leafType(_ field: IRField, objectType: String?) -> String {
    if let objectType { return objectType }
    switch field.typeName {
    case "String", "ID": return "Swift.String"
    case "Int": return "Swift.Int"
    case "Float": return "Swift.Double"
    case "Boolean": return "Swift.Bool"
    default: return context.schemaType(field.typeName)
    }
  }

  /// The property's type.
  func propertyType(_ field: IRField, objectType: String?) -> String {
    let leaf = leafType(field, objectType: objectType)
    let value = levelType(field, level: 0, leaf: leaf, nonNull: field.required != nil || field.isNonNull(at: 0))
    if field.catchTo == .result {
      let result = "Swift.Result<\(value), \(context.qualified("FieldErrors"))>"
      return field.conditions.isEmpty ? result : result + "?"
    }
    return levelType(field, level: 0, leaf: leaf, nonNull: field.isOuterNonOptional)
  }

  private func levelType(_ field: IRField, level: Int, leaf: String, nonNull: Bool) -> String {
    let base = level == field.levels.count - 1
      ? leaf : listType(field, element: levelType(field, level: level + 1, leaf: leaf, nonNull: field.isNonNull(at: level + 1)))
    return nonNull ? base : base + "?"
  }

  /// A list of objects is a `DataList`, which makes its elements as they are read rather
  /// than an array on every read of the property; a list of scalars is an array.
  private func listType(_ field: IRField, element: String) -> String {
    field.typeKind.isComposite ? "BatonNormalizer.DataList<\(element)>" : "[" + element + "]"
  }

  /// The body of the property's getter, reading slot `slot` of `_data`. A field that
  /// `throwsWhenNull` reads its slot through `requiredValue()`, which throws the slot's
  /// event, in one line (`@required` and `@catch` are never on one field).
  func getter(_ field: IRField, slot: Int, objectType: String?) -> [String] {
    let leaf = leafType(field, objectType: objectType)
    if field.throwsWhenNull {
      return ["try " + decode("_data[\(slot)].requiredValue()", field, level: 0, leaf: leaf, nonNull: field.isOuterNonOptional)]
    }
    let value = "_data[\(slot)]"
    if field.catchTo == .result {
      let success = decode(value, field, level: 0, leaf: leaf, nonNull: field.required != nil || field.isNonNull(at: 0))
      var lines: [String] = []
      if !field.conditions.isEmpty { lines.append("if \(value) == .absent { return nil }") }
      lines.append("if let errors = \(value).caughtErrors { return .failure(\(context.qualified("FieldErrors"))(errors: errors)) }")
      lines.append("return .success(\(success))")
      return lines
    }
    let nonNull = field.isOuterNonOptional
    return [read(slot, field, leaf: leaf, nonNull: nonNull) ?? decode(value, field, level: 0, leaf: leaf, nonNull: nonNull)]
  }

  /// The slot decoded by one `DataRead` method (`__read.string(2)`, `__read.data(3)`), for
  /// the shapes most fields have: no operator, closure or overload for the type checker to
  /// solve, which is most of what a getter costs to compile. `nil` for the other shapes
  /// (lists of scalars, nullable scalars), which `decode` writes out.
  private func read(_ slot: Int, _ field: IRField, leaf: String, nonNull: Bool) -> String? {
    if field.typeKind.isComposite {
      if field.levels.count > 1 { return nonNull ? "__read.list(\(slot))" : "__read.optionalList(\(slot))" }
      return nonNull ? "__read.data(\(slot))" : "__read.optionalData(\(slot))"
    }
    guard nonNull && field.levels.count == 1 else { return nil }
    if field.typeKind == .enumeration { return "\(leaf)(rawValue: __read.string(\(slot)))" }
    switch field.typeName {
    case "String", "ID": return "__read.string(\(slot))"
    case "Int": return "__read.int(\(slot))"
    case "Float": return "__read.double(\(slot))"
    case "Boolean": return "__read.bool(\(slot))"
    default: return "\(leaf)(jsonValue: __read.scalar(\(slot)))"
    }
  }

  private func decode(_ value: String, _ field: IRField, level: Int, leaf: String, nonNull: Bool) -> String {
    if level < field.levels.count - 1 && field.typeKind.isComposite {
      let list = listType(field, element: levelType(field, level: level + 1, leaf: leaf, nonNull: field.isNonNull(at: level + 1)))
      return nonNull
        ? "\(list)(__items: \(value).listValue ?? [], in: _source)" : "\(value).listValue.map { \(list)(__items: $0, in: _source) }"
    }
    if level < field.levels.count - 1 {
      let item = decode("$0", field, level: level + 1, leaf: leaf, nonNull: field.isNonNull(at: level + 1))
      return nonNull ? "(\(value).listValue ?? []).map { \(item) }" : "\(value).listValue.map { $0.map { \(item) } }"
    }
    if field.typeKind.isComposite {
      return nonNull
        ? "\(leaf)(_data: \(value).objectValue ?? \(context.qualified("emptyObject")), _source: _source)"
        : "\(value).objectValue.map { \(leaf)(_data: $0, _source: _source) }"
    }
    if field.typeKind == .enumeration {
      return nonNull ? "\(leaf)(rawValue: \(value).stringValue ?? \"\")" : "\(value).stringValue.map(\(leaf).init(rawValue:))"
    }
    let accessor: String
    let zero: String
    switch field.typeName {
    case "String", "ID": (accessor, zero) = ("stringValue", "\"\"")
    case "Int": (accessor, zero) = ("intValue", "0")
    case "Float": (accessor, zero) = ("doubleValue", "0")
    case "Boolean": (accessor, zero) = ("boolValue", "false")
    default:
      return nonNull ? "\(leaf)(jsonValue: \(value).scalarValue ?? .null)" : "\(value).scalarValue.map(\(leaf).init(jsonValue:))"
    }
    return nonNull ? "(\(value).\(accessor) ?? \(zero))" : "\(value).\(accessor)"
  }
}
