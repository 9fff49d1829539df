/// Prints ASTs as GraphQL text, byte for byte as graphql-core 3.3.2's `print_ast`:
/// two-space indentation, arguments wrapped one per line when the line would pass 80
/// code points, long list and object values wrapped, block strings and descriptions
/// printed with `printBlockString`.
///
/// A `CommentedDocument` prints the same way with its comments put back (see
/// `CommentCursor`); a list holding a comment is printed one item per line.
public struct Printer {
  /// The maximum line length before arguments, lists and objects wrap.
  static let maxLineLength = 80

  /// The comments still to print, when printing a commented document.
  let comments: CommentCursor?

  private init(comments: CommentCursor?) {
    self.comments = comments
  }

  /// A printer of the comment-free form.
  private static var plain: Printer { Printer(comments: nil) }

  /// The canonical text of a document.
  public static func print(_ document: Document) -> String {
    plain.printDocument(document).string
  }

  /// The canonical text of a document with its source's comments, each before the node
  /// that followed it or at the end of the line it ended. The output parses to the same
  /// document and prints again unchanged. Without comments it is `print(document)`.
  public static func print(_ commented: CommentedDocument) -> String {
    Printer(comments: CommentCursor(commented)).printDocument(commented.document).string
  }

  /// The canonical text of one definition.
  public static func print(_ definition: Definition) -> String {
    plain.printDefinition(definition).string
  }

  /// The canonical text of a value literal.
  public static func print(_ value: Value) -> String {
    plain.printValue(value).string
  }

  /// The canonical text of a type reference, such as `[String!]!`.
  public static func print(_ type: TypeReference) -> String {
    plain.printType(type).string
  }

  /// The canonical text of a selection set.
  public static func print(_ selectionSet: SelectionSet) -> String {
    plain.printSelectionSet(selectionSet).string
  }

  /// The canonical text of a schema coordinate, such as `Type.field(argument:)`.
  public static func print(_ coordinate: SchemaCoordinate) -> String {
    plain.printCoordinate(coordinate).string
  }

  private func printCoordinate(_ coordinate: SchemaCoordinate) -> PrintedText {
    var parts: [PrintedText] = []
    if coordinate.ofDirective {
      parts.append("@")
    }
    parts.append(name(coordinate.name))
    parts.append(PrintedText.wrap(".", coordinate.memberName.map(name)))
    parts.append(PrintedText.wrap("(", coordinate.argumentName.map(name), ":)"))
    return PrintedText.join(parts)
  }

  func printDocument(_ document: Document) -> PrintedText {
    PrintedText.join(
      items(document.definitions, \.loc, keepsBlankLines: true, printDefinition).items, "\n\n")
  }

  func printDefinition(_ definition: Definition) -> PrintedText {
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

  func name(_ name: Name) -> PrintedText {
    PrintedText(name.value)
  }

  func description(_ description: StringValue?) -> PrintedText {
    PrintedText.wrap("", description.map(printStringValue), "\n")
  }

  func directives(_ directives: [Directive]) -> PrintedText {
    PrintedText.join(directives.map(printDirective), " ")
  }

  // MARK: Executable definitions

  func printOperation(_ node: OperationDefinition) -> PrintedText {
    let variables = variableDefinitions(node.variableDefinitions, wrapsMultilineItems: true)
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

  /// `($a: A, $b: B)`; one per line, unindented as graphql-core prints an operation's,
  /// when a comment is among them or, with `wrapsMultilineItems`, one spans lines.
  func variableDefinitions(
    _ definitions: [VariableDefinition], wrapsMultilineItems: Bool
  ) -> PrintedText {
    let printed = items(definitions, \.loc, printVariableDefinition)
    let isMultiline = wrapsMultilineItems && PrintedText.hasMultilineItems(printed.items)
    if printed.hasComments || isMultiline {
      return PrintedText.wrap("(\n", PrintedText.join(printed.items, "\n"), "\n)")
    }
    return PrintedText.wrap("(", PrintedText.join(printed.items, ", "), ")")
  }

  func printVariableDefinition(_ node: VariableDefinition) -> PrintedText {
    PrintedText.join([
      description(node.description),
      printVariable(node.variable),
      ": ",
      printType(node.type),
      PrintedText.wrap(" = ", node.defaultValue.map(printValue)),
      PrintedText.wrap(" ", directives(node.directives)),
    ])
  }

  func printSelectionSet(_ node: SelectionSet) -> PrintedText {
    // Selection sets nest through here: without comments the selections are printed
    // right here, with no `items` frame between the levels (see `smallStack` in
    // LimitsTests).
    if comments != nil {
      return printCommentedSelectionSet(node)
    }
    return node.selections.isEmpty ? "{}" : PrintedText.block(node.selections.map(printSelection))
  }

  private func printCommentedSelectionSet(_ node: SelectionSet) -> PrintedText {
    node.selections.isEmpty
      ? "{}" : PrintedText.block(items(node.selections, \.loc, printSelection).items)
  }

  /// Selection sets nest through here, so each kind is printed by its own function to
  /// keep the recursive frames small.
  func printSelection(_ selection: Selection) -> PrintedText {
    switch selection {
    case .field(let node): printField(node)
    case .fragmentSpread(let node): printFragmentSpread(node)
    case .inlineFragment(let node): printInlineFragment(node)
    }
  }

  // Each part is printed in source order, so that comments are taken in order.
  func printField(_ node: Field) -> PrintedText {
    var text = fieldLine(node)
    if let selectionSet = node.selectionSet {
      text.append(" ")
      text.append(printSelectionSet(selectionSet))
    }
    return text
  }

  /// The field up to its selection set.
  private func fieldLine(_ node: Field) -> PrintedText {
    let prefix = PrintedText.join([PrintedText.wrap("", node.alias.map(name), ": "), name(node.name)])
    return PrintedText.join([
      lineAndArguments(prefix, items(node.arguments, \.loc, printArgument)),
      PrintedText.wrap(" ", directives(node.directives)),
    ])
  }

  func printFragmentSpread(_ node: FragmentSpread) -> PrintedText {
    let prefix = PrintedText.join(["...", name(node.name)])
    return PrintedText.join([
      lineAndArguments(prefix, items(node.arguments, \.loc, printArgument)),
      PrintedText.wrap(" ", directives(node.directives)),
    ])
  }

  func printInlineFragment(_ node: InlineFragment) -> PrintedText {
    var text = inlineFragmentLine(node)
    text.append(" ")
    text.append(printSelectionSet(node.selectionSet))
    return text
  }

  /// The inline fragment up to its selection set.
  private func inlineFragmentLine(_ node: InlineFragment) -> PrintedText {
    PrintedText.join(
      [
        "...",
        PrintedText.wrap("on ", node.typeCondition.map(printNamedType)),
        directives(node.directives),
      ], " ")
  }

  /// `prefix(arguments)`, with the arguments one per line when the line would be too long.
  func lineAndArguments(_ prefix: PrintedText, _ arguments: PrintedItems) -> PrintedText {
    guard !arguments.items.isEmpty else { return prefix }
    let isTooLong =
      prefix.length + PrintedText.joinedLength(arguments.items, ", ") + 2 > Self.maxLineLength
    return PrintedText.join([prefix, argumentList(arguments, oneLine: !isTooLong)])
  }

  /// `(a: 1, b: 2)`, or one argument per line when not `oneLine` or a comment is among them.
  func argumentList(_ arguments: PrintedItems, oneLine: Bool) -> PrintedText {
    if oneLine && !arguments.hasComments {
      return PrintedText.wrap("(", PrintedText.join(arguments.items, ", "), ")")
    }
    return PrintedText.wrap("(\n", PrintedText.join(arguments.items, "\n").indented(), "\n)")
  }

  func printArgument(_ node: Argument) -> PrintedText {
    PrintedText.join([name(node.name), ": ", printValue(node.value)])
  }

  func printDirective(_ node: Directive) -> PrintedText {
    PrintedText.join([
      "@", name(node.name),
      argumentList(items(node.arguments, \.loc, printArgument), oneLine: true),
    ])
  }

  func printFragmentDefinition(_ node: FragmentDefinition) -> PrintedText {
    PrintedText.join([
      description(node.description),
      "fragment ",
      name(node.name),
      variableDefinitions(node.variableDefinitions, wrapsMultilineItems: false),
      " on ",
      printNamedType(node.typeCondition),
      " ",
      PrintedText.wrap("", directives(node.directives), " "),
      printSelectionSet(node.selectionSet),
    ])
  }
}
