extension Printer {
  func printValue(_ value: Value) -> PrintedText {
    switch value {
    case .variable(let node): return printVariable(node)
    case .int(let node): return PrintedText(node.value)
    case .float(let node): return PrintedText(node.value)
    case .string(let node): return printStringValue(node)
    case .boolean(let node): return node.value ? "true" : "false"
    case .null: return "null"
    case .enumValue(let node): return PrintedText(node.value)
    // Lists and objects nest through here: without comments their items are printed
    // right here, with no `items` frame between the levels (see `smallStack` in
    // LimitsTests), and laid out by functions called after the recursion.
    case .list(let node):
      let values =
        comments == nil ? PrintedItems(items: node.values.map(printValue)) : commentedItems(node)
      return listLayout(values)
    case .object(let node):
      let fields =
        comments == nil ? PrintedItems(items: node.fields.map(printObjectField)) : commentedItems(node)
      return objectLayout(fields)
    }
  }

  private func commentedItems(_ node: ListValue) -> PrintedItems {
    items(node.values, \.loc, emptyListOpener: node.loc?.start, printValue)
  }

  private func commentedItems(_ node: ObjectValue) -> PrintedItems {
    items(node.fields, \.loc, emptyListOpener: node.loc?.start, printObjectField)
  }

  private func listLayout(_ printed: PrintedItems) -> PrintedText {
    let values = printed.items
    if printed.hasComments || 2 + PrintedText.joinedLength(values, ", ") > Self.maxLineLength {
      return PrintedText.wrap("[\n", PrintedText.join(values, "\n").indented(), "\n]")
    }
    return PrintedText.join(["[", PrintedText.join(values, ", "), "]"])
  }

  private func objectLayout(_ printed: PrintedItems) -> PrintedText {
    let fields = printed.items
    if printed.hasComments || 4 + PrintedText.joinedLength(fields, ", ") > Self.maxLineLength {
      return PrintedText.block(fields)
    }
    // An empty object prints as `{  }`, as graphql-core does.
    return PrintedText.join(["{ ", PrintedText.join(fields, ", "), " }"])
  }

  func printObjectField(_ field: ObjectField) -> PrintedText {
    PrintedText.join([name(field.name), ": ", printValue(field.value)])
  }

  func printVariable(_ node: Variable) -> PrintedText {
    PrintedText.join(["$", name(node.name)])
  }

  func printStringValue(_ node: StringValue) -> PrintedText {
    PrintedText(node.block ? BlockString.print(node.value) : printString(node.value))
  }

  func printType(_ type: TypeReference) -> PrintedText {
    switch type {
    case .named(let node): printNamedType(node)
    case .list(let node): PrintedText.join(["[", printType(node.type), "]"])
    case .nonNull(let node): PrintedText.join([printType(node.type), "!"])
    }
  }

  func printNamedType(_ node: NamedType) -> PrintedText {
    name(node.name)
  }
}
