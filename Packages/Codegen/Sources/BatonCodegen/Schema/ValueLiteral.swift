import GraphQLSyntax

/// Prints a value literal as graphql-js's `print` does: `{ a: [1, 2], b: RED }`.
enum ValueLiteral {
  static func print(_ value: Value) -> String {
    switch value {
    case .variable(let variable): return "$" + variable.name.value
    case .int(let int): return int.value
    case .float(let float): return float.value
    case .string(let string):
      return string.block ? BlockString.print(string.value) : printString(string.value)
    case .boolean(let boolean): return boolean.value ? "true" : "false"
    case .null: return "null"
    case .enumValue(let enumValue): return enumValue.value
    case .list(let list): return "[" + list.values.map(print).joined(separator: ", ") + "]"
    case .object(let object):
      if object.fields.isEmpty { return "{}" }
      let fields = object.fields.map { "\($0.name.value): \(print($0.value))" }
      return "{ " + fields.joined(separator: ", ") + " }"
    }
  }
}
