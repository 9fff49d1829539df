extension Printer {
  static func printSchemaExtension(_ node: SchemaExtension) -> PrintedText {
    PrintedText.join(
      [
        "extend schema", directives(node.directives),
        PrintedText.block(node.operationTypes.map(printOperationType)),
      ], " ")
  }

  static func printScalarExtension(_ node: ScalarTypeExtension) -> PrintedText {
    PrintedText.join(["extend scalar", name(node.name), directives(node.directives)], " ")
  }

  static func printObjectExtension(_ node: ObjectTypeExtension) -> PrintedText {
    objectLike("extend type", node.name, node.interfaces, node.directives, node.fields)
  }

  static func printInterfaceExtension(_ node: InterfaceTypeExtension) -> PrintedText {
    objectLike("extend interface", node.name, node.interfaces, node.directives, node.fields)
  }

  static func printUnionExtension(_ node: UnionTypeExtension) -> PrintedText {
    unionLike("extend union", node.name, node.directives, node.types)
  }

  static func printEnumExtension(_ node: EnumTypeExtension) -> PrintedText {
    PrintedText.join(
      [
        "extend enum", name(node.name), directives(node.directives),
        PrintedText.block(node.values.map(printEnumValueDefinition)),
      ], " ")
  }

  static func printInputObjectExtension(_ node: InputObjectTypeExtension) -> PrintedText {
    PrintedText.join(
      [
        "extend input", name(node.name), directives(node.directives),
        PrintedText.block(node.fields.map(printInputValueDefinition)),
      ], " ")
  }

  static func printDirectiveExtension(_ node: DirectiveExtension) -> PrintedText {
    PrintedText.join(
      [PrintedText.join(["extend directive @", name(node.name)]), directives(node.directives)],
      " ")
  }
}
