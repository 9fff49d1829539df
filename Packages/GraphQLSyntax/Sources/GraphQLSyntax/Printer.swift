/// Prints ASTs as GraphQL text, byte for byte as graphql-core 3.3.2's `print_ast`:
/// two-space indentation, arguments wrapped one per line when the line would pass 80
/// code points, long list and object values wrapped, block strings and descriptions
/// printed with `printBlockString`.
public enum Printer {
  /// The maximum line length before arguments, lists and objects wrap.
  static let maxLineLength = 80

  /// The canonical text of a document.
  public static func print(_ document: Document) -> String {
    printDocument(document).string
  }

  /// The canonical text of one definition.
  public static func print(_ definition: Definition) -> String {
    printDefinition(definition).string
  }

  /// The canonical text of a value literal.
  public static func print(_ value: Value) -> String {
    printValue(value).string
  }

  /// The canonical text of a type reference, such as `[String!]!`.
  public static func print(_ type: TypeReference) -> String {
    printType(type).string
  }

  /// The canonical text of a selection set.
  public static func print(_ selectionSet: SelectionSet) -> String {
    printSelectionSet(selectionSet).string
  }

  /// The canonical text of a schema coordinate, such as `Type.field(argument:)`.
  public static func print(_ coordinate: SchemaCoordinate) -> String {
    var parts: [PrintedText] = []
    if coordinate.ofDirective {
      parts.append("@")
    }
    parts.append(name(coordinate.name))
    parts.append(PrintedText.wrap(".", coordinate.memberName.map(name)))
    parts.append(PrintedText.wrap("(", coordinate.argumentName.map(name), ":)"))
    return PrintedText.join(parts).string
  }

  static func printDocument(_ document: Document) -> PrintedText {
    PrintedText.join(document.definitions.map(printDefinition), "\n\n")
  }

  static func printDefinition(_ definition: Definition) -> PrintedText {
    switch definition {
    case .operation(let node): printOperation(node)
    case .fragment(let node): printFragmentDefinition(node)
    case .schema(let node): printSchema(node)
    case .scalarType(let node): printScalar(node)
    case .objectType(let node): printObject(node)
    case .interfaceType(let node): printInterface(node)
    case .unionType(let node): printUnion(node)
    case .enumType(let node): printEnum(node)
    case .inputObjectType(let node): printInputObject(node)
    case .directive(let node): printDirectiveDefinition(node)
    case .schemaExtension(let node): printSchemaExtension(node)
    case .scalarTypeExtension(let node): printScalarExtension(node)
    case .objectTypeExtension(let node): printObjectExtension(node)
    case .interfaceTypeExtension(let node): printInterfaceExtension(node)
    case .unionTypeExtension(let node): printUnionExtension(node)
    case .enumTypeExtension(let node): printEnumExtension(node)
    case .inputObjectTypeExtension(let node): printInputObjectExtension(node)
    case .directiveExtension(let node): printDirectiveExtension(node)
    }
  }

  static func name(_ name: Name) -> PrintedText {
    PrintedText(name.value)
  }

  static func description(_ description: StringValue?) -> PrintedText {
    PrintedText.wrap("", description.map(printStringValue), "\n")
  }

  static func directives(_ directives: [Directive]) -> PrintedText {
    PrintedText.join(directives.map(printDirective), " ")
  }

  // MARK: Executable definitions

  static func printOperation(_ node: OperationDefinition) -> PrintedText {
    let variableDefinitions = node.variableDefinitions.map(printVariableDefinition)
    // graphql-core puts multi-line variable definitions one per line, unindented.
    let variables =
      PrintedText.hasMultilineItems(variableDefinitions)
      ? PrintedText.wrap("(\n", PrintedText.join(variableDefinitions, "\n"), "\n)")
      : PrintedText.wrap("(", PrintedText.join(variableDefinitions, ", "), ")")
    let operation = PrintedText(node.operation.rawValue)
    let prefix = PrintedText.join([
      description(node.description),
      PrintedText.join(
        [
          operation, PrintedText.join([node.name.map(name) ?? .empty, variables]),
          directives(node.directives),
        ], " "),
    ])
    // An anonymous query without variables or directives prints as the shorthand.
    let isShorthand = node.operation == .query && prefix.length == operation.length
    return PrintedText.join([
      isShorthand ? .empty : PrintedText.join([prefix, " "]),
      printSelectionSet(node.selectionSet),
    ])
  }

  static func printVariableDefinition(_ node: VariableDefinition) -> PrintedText {
    PrintedText.join([
      description(node.description),
      printVariable(node.variable),
      ": ",
      printType(node.type),
      PrintedText.wrap(" = ", node.defaultValue.map(printValue)),
      PrintedText.wrap(" ", directives(node.directives)),
    ])
  }

  static func printSelectionSet(_ node: SelectionSet) -> PrintedText {
    node.selections.isEmpty ? "{}" : PrintedText.block(node.selections.map(printSelection))
  }

  /// Selection sets nest through here, so each kind is printed by its own function to
  /// keep the recursive frames small.
  static func printSelection(_ selection: Selection) -> PrintedText {
    switch selection {
    case .field(let node): printField(node)
    case .fragmentSpread(let node): printFragmentSpread(node)
    case .inlineFragment(let node): printInlineFragment(node)
    }
  }

  static func printField(_ node: Field) -> PrintedText {
    let selectionSet: PrintedText
    if let set = node.selectionSet {
      selectionSet = printSelectionSet(set)
    } else {
      selectionSet = .empty
    }
    return fieldLine(node, selectionSet)
  }

  private static func fieldLine(_ node: Field, _ selectionSet: PrintedText) -> PrintedText {
    let prefix = PrintedText.join([PrintedText.wrap("", node.alias.map(name), ": "), name(node.name)])
    return PrintedText.join([
      lineAndArguments(prefix, node.arguments.map(printArgument)),
      PrintedText.wrap(" ", directives(node.directives)),
      PrintedText.wrap(" ", selectionSet),
    ])
  }

  static func printFragmentSpread(_ node: FragmentSpread) -> PrintedText {
    let prefix = PrintedText.join(["...", name(node.name)])
    return PrintedText.join([
      lineAndArguments(prefix, node.arguments.map(printArgument)),
      PrintedText.wrap(" ", directives(node.directives)),
    ])
  }

  static func printInlineFragment(_ node: InlineFragment) -> PrintedText {
    inlineFragmentLine(node, printSelectionSet(node.selectionSet))
  }

  private static func inlineFragmentLine(
    _ node: InlineFragment, _ selectionSet: PrintedText
  ) -> PrintedText {
    PrintedText.join(
      [
        "...",
        PrintedText.wrap("on ", node.typeCondition.map(printNamedType)),
        directives(node.directives),
        selectionSet,
      ], " ")
  }

  /// `prefix(arguments)`, with the arguments one per line when the line would be too long.
  static func lineAndArguments(_ prefix: PrintedText, _ arguments: [PrintedText]) -> PrintedText {
    guard !arguments.isEmpty else { return prefix }
    let isTooLong = prefix.length + PrintedText.joinedLength(arguments, ", ") + 2 > maxLineLength
    return PrintedText.join([
      prefix,
      isTooLong
        ? PrintedText.wrap("(\n", PrintedText.join(arguments, "\n").indented(), "\n)")
        : PrintedText.wrap("(", PrintedText.join(arguments, ", "), ")"),
    ])
  }

  static func printArgument(_ node: Argument) -> PrintedText {
    PrintedText.join([name(node.name), ": ", printValue(node.value)])
  }

  static func printDirective(_ node: Directive) -> PrintedText {
    PrintedText.join([
      "@", name(node.name),
      PrintedText.wrap("(", PrintedText.join(node.arguments.map(printArgument), ", "), ")"),
    ])
  }

  static func printFragmentDefinition(_ node: FragmentDefinition) -> PrintedText {
    PrintedText.join([
      description(node.description),
      "fragment ",
      name(node.name),
      PrintedText.wrap(
        "(", PrintedText.join(node.variableDefinitions.map(printVariableDefinition), ", "), ")"),
      " on ",
      printNamedType(node.typeCondition),
      " ",
      PrintedText.wrap("", directives(node.directives), " "),
      printSelectionSet(node.selectionSet),
    ])
  }
}
