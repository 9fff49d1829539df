extension Parser {
  /// `TypeSystemExtension : SchemaExtension | TypeExtension | DirectiveExtension`
  mutating func parseTypeSystemExtension() throws(SyntaxError) -> Definition {
    let keyword = try lexer.lookahead()
    if isName(keyword, "schema") { return .schemaExtension(try parseSchemaExtension()) }
    if isName(keyword, "scalar") { return .scalarTypeExtension(try parseScalarTypeExtension()) }
    if isName(keyword, "type") { return .objectTypeExtension(try parseObjectTypeExtension()) }
    if isName(keyword, "interface") {
      return .interfaceTypeExtension(try parseInterfaceTypeExtension())
    }
    if isName(keyword, "union") { return .unionTypeExtension(try parseUnionTypeExtension()) }
    if isName(keyword, "enum") { return .enumTypeExtension(try parseEnumTypeExtension()) }
    if isName(keyword, "input") {
      return .inputObjectTypeExtension(try parseInputObjectTypeExtension())
    }
    if isName(keyword, "directive") {
      return .directiveExtension(try parseDirectiveExtension())
    }
    throw unexpected(keyword)
  }

  /// `SchemaExtension : extend schema Directives[Const]? { RootOperationTypeDefinition+ }
  ///   | extend schema Directives[Const]`
  mutating func parseSchemaExtension() throws(SyntaxError) -> SchemaExtension {
    let start = lexer.token.start
    try expectKeyword("extend")
    try expectKeyword("schema")
    let directives = try parseDirectives(isConst: true)
    let operationTypes = try optionalMany(.braceL, .braceR) {
      (parser: inout Parser) throws(SyntaxError) in try parser.parseOperationTypeDefinition()
    }
    if directives.isEmpty && operationTypes.isEmpty {
      throw unexpected()
    }
    return SchemaExtension(directives: directives, operationTypes: operationTypes, loc: loc(start))
  }

  /// `ScalarTypeExtension : extend scalar Name Directives[Const]`
  mutating func parseScalarTypeExtension() throws(SyntaxError) -> ScalarTypeExtension {
    let start = lexer.token.start
    try expectKeyword("extend")
    try expectKeyword("scalar")
    let name = try parseName()
    let directives = try parseDirectives(isConst: true)
    if directives.isEmpty {
      throw unexpected()
    }
    return ScalarTypeExtension(name: name, directives: directives, loc: loc(start))
  }

  /// `ObjectTypeExtension : extend type Name ImplementsInterfaces? Directives[Const]?
  ///   FieldsDefinition` (and the forms without fields)
  mutating func parseObjectTypeExtension() throws(SyntaxError) -> ObjectTypeExtension {
    let start = lexer.token.start
    try expectKeyword("extend")
    try expectKeyword("type")
    let name = try parseName()
    let interfaces = try parseImplementsInterfaces()
    let directives = try parseDirectives(isConst: true)
    let fields = try parseFieldsDefinition()
    if interfaces.isEmpty && directives.isEmpty && fields.isEmpty {
      throw unexpected()
    }
    return ObjectTypeExtension(
      name: name, interfaces: interfaces, directives: directives, fields: fields,
      loc: loc(start))
  }

  /// `InterfaceTypeExtension : extend interface Name ImplementsInterfaces?
  ///   Directives[Const]? FieldsDefinition` (and the forms without fields)
  mutating func parseInterfaceTypeExtension() throws(SyntaxError) -> InterfaceTypeExtension {
    let start = lexer.token.start
    try expectKeyword("extend")
    try expectKeyword("interface")
    let name = try parseName()
    let interfaces = try parseImplementsInterfaces()
    let directives = try parseDirectives(isConst: true)
    let fields = try parseFieldsDefinition()
    if interfaces.isEmpty && directives.isEmpty && fields.isEmpty {
      throw unexpected()
    }
    return InterfaceTypeExtension(
      name: name, interfaces: interfaces, directives: directives, fields: fields,
      loc: loc(start))
  }

  /// `UnionTypeExtension : extend union Name Directives[Const]? UnionMemberTypes`
  ///   (or with directives only)
  mutating func parseUnionTypeExtension() throws(SyntaxError) -> UnionTypeExtension {
    let start = lexer.token.start
    try expectKeyword("extend")
    try expectKeyword("union")
    let name = try parseName()
    let directives = try parseDirectives(isConst: true)
    let types = try parseUnionMemberTypes()
    if directives.isEmpty && types.isEmpty {
      throw unexpected()
    }
    return UnionTypeExtension(name: name, directives: directives, types: types, loc: loc(start))
  }

  /// `EnumTypeExtension : extend enum Name Directives[Const]? EnumValuesDefinition`
  ///   (or with directives only)
  mutating func parseEnumTypeExtension() throws(SyntaxError) -> EnumTypeExtension {
    let start = lexer.token.start
    try expectKeyword("extend")
    try expectKeyword("enum")
    let name = try parseName()
    let directives = try parseDirectives(isConst: true)
    let values = try parseEnumValuesDefinition()
    if directives.isEmpty && values.isEmpty {
      throw unexpected()
    }
    return EnumTypeExtension(name: name, directives: directives, values: values, loc: loc(start))
  }

  /// `InputObjectTypeExtension : extend input Name Directives[Const]?
  ///   InputFieldsDefinition` (or with directives only)
  mutating func parseInputObjectTypeExtension() throws(SyntaxError) -> InputObjectTypeExtension {
    let start = lexer.token.start
    try expectKeyword("extend")
    try expectKeyword("input")
    let name = try parseName()
    let directives = try parseDirectives(isConst: true)
    let fields = try parseInputFieldsDefinition()
    if directives.isEmpty && fields.isEmpty {
      throw unexpected()
    }
    return InputObjectTypeExtension(
      name: name, directives: directives, fields: fields, loc: loc(start))
  }

  /// `DirectiveExtension : extend directive @ Name Directives[Const]`
  mutating func parseDirectiveExtension() throws(SyntaxError) -> DirectiveExtension {
    let start = lexer.token.start
    try expectKeyword("extend")
    try expectKeyword("directive")
    try expect(.at)
    let name = try parseName()
    let directives = try parseDirectives(isConst: true)
    if directives.isEmpty {
      throw unexpected()
    }
    return DirectiveExtension(name: name, directives: directives, loc: loc(start))
  }
}
