extension Printer {
  func printSchema(_ node: SchemaDefinition) -> PrintedText {
    PrintedText.join([
      description(node.description),
      PrintedText.join(
        [
          "schema", directives(node.directives),
          PrintedText.block(items(node.operationTypes, \.loc, printOperationType).items),
        ], " "),
    ])
  }

  func printOperationType(_ node: OperationTypeDefinition) -> PrintedText {
    PrintedText.join([PrintedText(node.operation.rawValue), ": ", printNamedType(node.type)])
  }

  func printScalar(_ node: ScalarTypeDefinition) -> PrintedText {
    PrintedText.join([
      description(node.description),
      PrintedText.join(["scalar", name(node.name), directives(node.directives)], " "),
    ])
  }

  func printObject(_ node: ObjectTypeDefinition) -> PrintedText {
    PrintedText.join([
      description(node.description),
      objectLike("type", node.name, node.interfaces, node.directives, node.fields),
    ])
  }

  func printInterface(_ node: InterfaceTypeDefinition) -> PrintedText {
    PrintedText.join([
      description(node.description),
      objectLike("interface", node.name, node.interfaces, node.directives, node.fields),
    ])
  }

  /// `keyword Name implements A & B @directives { fields }`, for objects, interfaces and
  /// their extensions.
  func objectLike(
    _ keyword: String, _ typeName: Name, _ interfaces: [NamedType], _ directives: [Directive],
    _ fields: [FieldDefinition]
  ) -> PrintedText {
    PrintedText.join(
      [
        PrintedText(keyword), name(typeName),
        PrintedText.wrap("implements ", PrintedText.join(interfaces.map(printNamedType), " & ")),
        self.directives(directives),
        PrintedText.block(items(fields, \.loc, printFieldDefinition).items),
      ], " ")
  }

  func printFieldDefinition(_ node: FieldDefinition) -> PrintedText {
    PrintedText.join([
      description(node.description),
      name(node.name),
      argumentsDefinition(node.arguments),
      ": ",
      printType(node.type),
      PrintedText.wrap(" ", directives(node.directives)),
    ])
  }

  /// `(a: A, b: B)`, or one argument per line when any of them spans several lines (or a
  /// comment is among them).
  func argumentsDefinition(_ arguments: [InputValueDefinition]) -> PrintedText {
    let printed = items(arguments, \.loc, printInputValueDefinition)
    return argumentList(printed, oneLine: !PrintedText.hasMultilineItems(printed.items))
  }

  func printInputValueDefinition(_ node: InputValueDefinition) -> PrintedText {
    PrintedText.join([
      description(node.description),
      name(node.name),
      ": ",
      printType(node.type),
      PrintedText.wrap(" = ", node.defaultValue.map(printValue)),
      PrintedText.wrap(" ", directives(node.directives)),
    ])
  }

  func printUnion(_ node: UnionTypeDefinition) -> PrintedText {
    PrintedText.join([
      description(node.description),
      unionLike("union", node.name, node.directives, node.types),
    ])
  }

  func unionLike(
    _ keyword: String, _ typeName: Name, _ directives: [Directive], _ types: [NamedType]
  ) -> PrintedText {
    PrintedText.join(
      [
        PrintedText(keyword), name(typeName), self.directives(directives),
        PrintedText.wrap("= ", PrintedText.join(types.map(printNamedType), " | ")),
      ], " ")
  }

  func printEnum(_ node: EnumTypeDefinition) -> PrintedText {
    PrintedText.join([
      description(node.description),
      PrintedText.join(
        [
          "enum", name(node.name), directives(node.directives),
          PrintedText.block(items(node.values, \.loc, printEnumValueDefinition).items),
        ], " "),
    ])
  }

  func printEnumValueDefinition(_ node: EnumValueDefinition) -> PrintedText {
    PrintedText.join([
      description(node.description),
      PrintedText.join([name(node.name), directives(node.directives)], " "),
    ])
  }

  func printInputObject(_ node: InputObjectTypeDefinition) -> PrintedText {
    PrintedText.join([
      description(node.description),
      PrintedText.join(
        [
          "input", name(node.name), directives(node.directives),
          PrintedText.block(items(node.fields, \.loc, printInputValueDefinition).items),
        ], " "),
    ])
  }

  func printDirectiveDefinition(_ node: DirectiveDefinition) -> PrintedText {
    PrintedText.join([
      description(node.description),
      "directive @",
      name(node.name),
      argumentsDefinition(node.arguments),
      PrintedText.wrap(" ", directives(node.directives)),
      node.repeatable ? " repeatable" : .empty,
      " on ",
      PrintedText.join(node.locations.map(name), " | "),
    ])
  }
}
