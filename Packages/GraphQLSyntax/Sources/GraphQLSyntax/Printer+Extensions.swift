extension Printer {
  func printSchemaExtension(_ node: SchemaExtension) -> PrintedText {
    PrintedText.join(
      [
        "extend schema", directives(node.directives),
        PrintedText.block(items(node.operationTypes, \.loc, printOperationType).items),
      ], " ")
  }

  func printScalarExtension(_ node: ScalarTypeExtension) -> PrintedText {
    PrintedText.join(["extend scalar", name(node.name), directives(node.directives)], " ")
  }

  func printObjectExtension(_ node: ObjectTypeExtension) -> PrintedText {
    objectLike("extend type", node.name, node.interfaces, node.directives, node.fields)
  }

  func printInterfaceExtension(_ node: InterfaceTypeExtension) -> PrintedText {
    objectLike("extend interface", node.name, node.interfaces, node.directives, node.fields)
  }

  func printUnionExtension(_ node: UnionTypeExtension) -> PrintedText {
    unionLike("extend union", node.name, node.directives, node.types)
  }

  func printEnumExtension(_ node: EnumTypeExtension) -> PrintedText {
    PrintedText.join(
      [
        "extend enum", name(node.name), directives(node.directives),
        PrintedText.block(items(node.values, \.loc, printEnumValueDefinition).items),
      ], " ")
  }

  func printInputObjectExtension(_ node: InputObjectTypeExtension) -> PrintedText {
    PrintedText.join(
      [
        "extend input", name(node.name), directives(node.directives),
        PrintedText.block(items(node.fields, \.loc, printInputValueDefinition).items),
      ], " ")
  }

  func printDirectiveExtension(_ node: DirectiveExtension) -> PrintedText {
    PrintedText.join(
      [PrintedText.join(["extend directive @", name(node.name)]), directives(node.directives)],
      " ")
  }
}
