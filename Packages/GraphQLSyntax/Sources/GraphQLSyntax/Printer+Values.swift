extension Printer {
  static func printValue(_ value: Value) -> PrintedText {
    switch value {
    case .variable(let node): return printVariable(node)
    case .int(let node): return PrintedText(node.value)
    case .float(let node): return PrintedText(node.value)
    case .string(let node): return printStringValue(node)
    case .boolean(let node): return node.value ? "true" : "false"
    case .null: return "null"
    case .enumValue(let node): return PrintedText(node.value)
    case .list(let node):
      let values = node.values.map(printValue)
      if 2 + PrintedText.joinedLength(values, ", ") > maxLineLength {
        return PrintedText.wrap("[\n", PrintedText.join(values, "\n").indented(), "\n]")
      }
      return PrintedText.join(["[", PrintedText.join(values, ", "), "]"])
    case .object(let node):
      let fields = node.fields.map { field in
        PrintedText.join([name(field.name), ": ", printValue(field.value)])
      }
      if 4 + PrintedText.joinedLength(fields, ", ") > maxLineLength {
        return PrintedText.block(fields)
      }
      // An empty object prints as `{  }`, as graphql-core does.
      return PrintedText.join(["{ ", PrintedText.join(fields, ", "), " }"])
    }
  }

  static func printVariable(_ node: Variable) -> PrintedText {
    PrintedText.join(["$", name(node.name)])
  }

  static func printStringValue(_ node: StringValue) -> PrintedText {
    PrintedText(node.block ? BlockString.print(node.value) : printString(node.value))
  }

  static func printType(_ type: TypeReference) -> PrintedText {
    switch type {
    case .named(let node): printNamedType(node)
    case .list(let node): PrintedText.join(["[", printType(node.type), "]"])
    case .nonNull(let node): PrintedText.join([printType(node.type), "!"])
    }
  }

  static func printNamedType(_ node: NamedType) -> PrintedText {
    name(node.name)
  }
}
