extension Parser {
  /// `SchemaDefinition : Description? schema Directives[Const]?
  ///   { RootOperationTypeDefinition+ }`
  mutating func parseSchemaDefinition() throws(SyntaxError) -> SchemaDefinition {
    let start = lexer.token.start
    let description = try parseDescription()
    try expectKeyword("schema")
    let directives = try parseDirectives(isConst: true)
    let operationTypes = try many(.braceL, .braceR) {
      (parser: inout Parser) throws(SyntaxError) in try parser.parseOperationTypeDefinition()
    }
    return SchemaDefinition(
      description: description, directives: directives, operationTypes: operationTypes,
      loc: loc(start))
  }

  /// `RootOperationTypeDefinition : OperationType : NamedType`
  mutating func parseOperationTypeDefinition() throws(SyntaxError) -> OperationTypeDefinition {
    let start = lexer.token.start
    let operation = try parseOperationType()
    try expect(.colon)
    let type = try parseNamedType()
    return OperationTypeDefinition(operation: operation, type: type, loc: loc(start))
  }

  /// `ScalarTypeDefinition : Description? scalar Name Directives[Const]?`
  mutating func parseScalarTypeDefinition() throws(SyntaxError) -> ScalarTypeDefinition {
    let start = lexer.token.start
    let description = try parseDescription()
    try expectKeyword("scalar")
    let name = try parseName()
    let directives = try parseDirectives(isConst: true)
    return ScalarTypeDefinition(
      description: description, name: name, directives: directives, loc: loc(start))
  }

  /// `ObjectTypeDefinition : Description? type Name ImplementsInterfaces?
  ///   Directives[Const]? FieldsDefinition?`
  mutating func parseObjectTypeDefinition() throws(SyntaxError) -> ObjectTypeDefinition {
    let start = lexer.token.start
    let description = try parseDescription()
    try expectKeyword("type")
    let name = try parseName()
    let interfaces = try parseImplementsInterfaces()
    let directives = try parseDirectives(isConst: true)
    let fields = try parseFieldsDefinition()
    return ObjectTypeDefinition(
      description: description, name: name, interfaces: interfaces, directives: directives,
      fields: fields, loc: loc(start))
  }

  /// `ImplementsInterfaces : implements &? NamedType (& NamedType)*`
  mutating func parseImplementsInterfaces() throws(SyntaxError) -> [NamedType] {
    guard try expectOptionalKeyword("implements") else { return [] }
    return try delimitedMany(.amp) { (parser: inout Parser) throws(SyntaxError) in
      try parser.parseNamedType()
    }
  }

  /// `FieldsDefinition : { FieldDefinition+ }`
  mutating func parseFieldsDefinition() throws(SyntaxError) -> [FieldDefinition] {
    try optionalMany(.braceL, .braceR) { (parser: inout Parser) throws(SyntaxError) in
      try parser.parseFieldDefinition()
    }
  }

  /// `FieldDefinition : Description? Name ArgumentsDefinition? : Type Directives[Const]?`
  mutating func parseFieldDefinition() throws(SyntaxError) -> FieldDefinition {
    let start = lexer.token.start
    let description = try parseDescription()
    let name = try parseName()
    let arguments = try parseArgumentsDefinition()
    try expect(.colon)
    let type = try parseTypeReference()
    let directives = try parseDirectives(isConst: true)
    let location = loc(start)
    let (address, slot) = nodes.fieldDefinitions.reserveSlot()
    address.initialize(
      to: FieldDefinition.Parts(
        description: description, name: name, arguments: arguments, type: type,
        directives: directives, loc: location))
    return FieldDefinition(slot)
  }

  /// `ArgumentsDefinition : ( InputValueDefinition+ )`
  mutating func parseArgumentsDefinition() throws(SyntaxError) -> [InputValueDefinition] {
    try optionalMany(.parenL, .parenR) { (parser: inout Parser) throws(SyntaxError) in
      try parser.parseInputValueDefinition()
    }
  }

  /// `InputValueDefinition : Description? Name : Type DefaultValue? Directives[Const]?`
  mutating func parseInputValueDefinition() throws(SyntaxError) -> InputValueDefinition {
    let start = lexer.token.start
    let description = try parseDescription()
    let name = try parseName()
    try expect(.colon)
    let type = try parseTypeReference()
    let defaultValue = try expectOptional(.equals) ? try parseValueLiteral(isConst: true) : nil
    let directives = try parseDirectives(isConst: true)
    let location = loc(start)
    let (address, slot) = nodes.inputValues.reserveSlot()
    address.initialize(
      to: InputValueDefinition.Parts(
        description: description, name: name, type: type, defaultValue: defaultValue,
        directives: directives, loc: location))
    return InputValueDefinition(slot)
  }

  /// `InterfaceTypeDefinition : Description? interface Name ImplementsInterfaces?
  ///   Directives[Const]? FieldsDefinition?`
  mutating func parseInterfaceTypeDefinition() throws(SyntaxError) -> InterfaceTypeDefinition {
    let start = lexer.token.start
    let description = try parseDescription()
    try expectKeyword("interface")
    let name = try parseName()
    let interfaces = try parseImplementsInterfaces()
    let directives = try parseDirectives(isConst: true)
    let fields = try parseFieldsDefinition()
    return InterfaceTypeDefinition(
      description: description, name: name, interfaces: interfaces, directives: directives,
      fields: fields, loc: loc(start))
  }

  /// `UnionTypeDefinition : Description? union Name Directives[Const]? UnionMemberTypes?`
  mutating func parseUnionTypeDefinition() throws(SyntaxError) -> UnionTypeDefinition {
    let start = lexer.token.start
    let description = try parseDescription()
    try expectKeyword("union")
    let name = try parseName()
    let directives = try parseDirectives(isConst: true)
    let types = try parseUnionMemberTypes()
    return UnionTypeDefinition(
      description: description, name: name, directives: directives, types: types,
      loc: loc(start))
  }

  /// `UnionMemberTypes : = |? NamedType (| NamedType)*`
  mutating func parseUnionMemberTypes() throws(SyntaxError) -> [NamedType] {
    guard try expectOptional(.equals) else { return [] }
    return try delimitedMany(.pipe) { (parser: inout Parser) throws(SyntaxError) in
      try parser.parseNamedType()
    }
  }

  /// `EnumTypeDefinition : Description? enum Name Directives[Const]? EnumValuesDefinition?`
  mutating func parseEnumTypeDefinition() throws(SyntaxError) -> EnumTypeDefinition {
    let start = lexer.token.start
    let description = try parseDescription()
    try expectKeyword("enum")
    let name = try parseName()
    let directives = try parseDirectives(isConst: true)
    let values = try parseEnumValuesDefinition()
    return EnumTypeDefinition(
      description: description, name: name, directives: directives, values: values,
      loc: loc(start))
  }

  /// `EnumValuesDefinition : { EnumValueDefinition+ }`
  mutating func parseEnumValuesDefinition() throws(SyntaxError) -> [EnumValueDefinition] {
    try optionalMany(.braceL, .braceR) { (parser: inout Parser) throws(SyntaxError) in
      try parser.parseEnumValueDefinition()
    }
  }

  /// `EnumValueDefinition : Description? EnumValue Directives[Const]?`
  mutating func parseEnumValueDefinition() throws(SyntaxError) -> EnumValueDefinition {
    let start = lexer.token.start
    let description = try parseDescription()
    let name = try parseEnumValueName()
    let directives = try parseDirectives(isConst: true)
    return EnumValueDefinition(
      description: description, name: name, directives: directives, loc: loc(start))
  }

  /// `EnumValue : Name but not true, false or null`
  mutating func parseEnumValueName() throws(SyntaxError) -> Name {
    if let value = value(of: lexer.token), value == "true" || value == "false" || value == "null" {
      throw SyntaxError(
        lexer.source, lexer.token.start,
        "\(describe(lexer.token)) is reserved and cannot be used for an enum value.")
    }
    return try parseName()
  }

  /// `InputObjectTypeDefinition : Description? input Name Directives[Const]?
  ///   InputFieldsDefinition?`
  mutating func parseInputObjectTypeDefinition() throws(SyntaxError)
    -> InputObjectTypeDefinition
  {
    let start = lexer.token.start
    let description = try parseDescription()
    try expectKeyword("input")
    let name = try parseName()
    let directives = try parseDirectives(isConst: true)
    let fields = try parseInputFieldsDefinition()
    return InputObjectTypeDefinition(
      description: description, name: name, directives: directives, fields: fields,
      loc: loc(start))
  }

  /// `InputFieldsDefinition : { InputValueDefinition+ }`
  mutating func parseInputFieldsDefinition() throws(SyntaxError) -> [InputValueDefinition] {
    try optionalMany(.braceL, .braceR) { (parser: inout Parser) throws(SyntaxError) in
      try parser.parseInputValueDefinition()
    }
  }

  /// `DirectiveDefinition : Description? directive @ Name ArgumentsDefinition?
  ///   Directives[Const]? repeatable? on DirectiveLocations`
  mutating func parseDirectiveDefinition() throws(SyntaxError) -> DirectiveDefinition {
    let start = lexer.token.start
    let description = try parseDescription()
    try expectKeyword("directive")
    try expect(.at)
    let name = try parseName()
    let arguments = try parseArgumentsDefinition()
    let directives = try parseDirectives(isConst: true)
    let repeatable = try expectOptionalKeyword("repeatable")
    try expectKeyword("on")
    let locations = try delimitedMany(.pipe) { (parser: inout Parser) throws(SyntaxError) in
      try parser.parseDirectiveLocation()
    }
    return DirectiveDefinition(
      description: description, name: name, arguments: arguments, directives: directives,
      repeatable: repeatable, locations: locations, loc: loc(start))
  }

  /// `DirectiveLocation : ExecutableDirectiveLocation | TypeSystemDirectiveLocation`
  mutating func parseDirectiveLocation() throws(SyntaxError) -> Name {
    let token = lexer.token
    let name = try parseName()
    guard DirectiveLocation(rawValue: name.value) != nil else {
      throw unexpected(token)
    }
    return name
  }
}
