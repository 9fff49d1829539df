extension Parser {
  /// `Value[Const] : [~Const] Variable | IntValue | FloatValue | StringValue |
  ///   BooleanValue | NullValue | EnumValue | ListValue[?Const] | ObjectValue[?Const]`
  ///
  /// Lists and objects recurse through here, so each case lives in its own function to
  /// keep this frame small (debug builds give every temporary its own stack slot).
  mutating func parseValueLiteral(isConst: Bool) throws(SyntaxError) -> Value {
    switch lexer.token.kind {
    case .bracketL: try parseList(isConst: isConst)
    case .braceL: try parseObject(isConst: isConst)
    case .dollar: try parseVariableValue(isConst: isConst)
    default: try parseScalarValue()
    }
  }

  /// `IntValue | FloatValue | StringValue | BooleanValue | NullValue | EnumValue`
  private mutating func parseScalarValue() throws(SyntaxError) -> Value {
    let token = lexer.token
    switch token.kind {
    case .int:
      try lexer.advance()
      return .int(IntValue(lexer.text(token.start, token.end), loc: loc(token.start)))
    case .float:
      try lexer.advance()
      return .float(FloatValue(lexer.text(token.start, token.end), loc: loc(token.start)))
    case .string, .blockString:
      return .string(try parseStringLiteral())
    case .name:
      try lexer.advance()
      let location = loc(token.start)
      if isName(token, "true") { return .boolean(BooleanValue(true, loc: location)) }
      if isName(token, "false") { return .boolean(BooleanValue(false, loc: location)) }
      if isName(token, "null") { return .null(NullValue(loc: location)) }
      return .enumValue(EnumValue(lexer.text(token.start, token.end), loc: location))
    default:
      throw unexpected()
    }
  }

  /// `Variable`, or in a constant value the error graphql-core gives for one.
  private mutating func parseVariableValue(isConst: Bool) throws(SyntaxError) -> Value {
    guard isConst else { return .variable(try parseVariable()) }
    let dollar = lexer.token
    try lexer.advance()
    let next = lexer.token
    if next.kind == .name {
      throw SyntaxError(
        lexer.source, dollar.start,
        "Unexpected variable '$\(lexer.text(next.start, next.end))' in constant value.")
    }
    throw unexpected(dollar)
  }

  /// `StringValue`, quoted or block.
  mutating func parseStringLiteral() throws(SyntaxError) -> StringValue {
    let token = lexer.token
    try lexer.advance()
    return StringValue(
      token: lexer.source.bytes, start: token.start, end: token.end,
      block: token.kind == .blockString, loc: loc(token.start))
  }

  /// `ListValue[Const] : [ ] | [ Value[?Const]+ ]`
  private mutating func parseList(isConst: Bool) throws(SyntaxError) -> Value {
    try enterNesting()
    let start = lexer.token.start
    try expect(.bracketL)
    var values: [Value] = []
    while try !expectOptional(.bracketR) {
      values.append(try parseValueLiteral(isConst: isConst))
    }
    leaveNesting()
    return .list(ListValue(values, loc: loc(start)))
  }

  /// `ObjectValue[Const] : { } | { ObjectField[?Const]+ }`
  private mutating func parseObject(isConst: Bool) throws(SyntaxError) -> Value {
    try enterNesting()
    let start = lexer.token.start
    try expect(.braceL)
    var fields: [ObjectField] = []
    while try !expectOptional(.braceR) {
      fields.append(try parseObjectField(isConst: isConst))
    }
    leaveNesting()
    return .object(ObjectValue(fields, loc: loc(start)))
  }

  /// `ObjectField[Const] : Name : Value[?Const]`
  private mutating func parseObjectField(isConst: Bool) throws(SyntaxError) -> ObjectField {
    let start = lexer.token.start
    let name = try parseNameAndColon()
    let value = try parseValueLiteral(isConst: isConst)
    return ObjectField(name: name, value: value, loc: loc(start))
  }

  /// `Name :`, the start of an argument or object field.
  mutating func parseNameAndColon() throws(SyntaxError) -> Name {
    let name = try parseName()
    try expect(.colon)
    return name
  }

  /// `Directives[Const] : Directive[?Const]+`
  mutating func parseDirectives(isConst: Bool) throws(SyntaxError) -> [Directive] {
    var directives: [Directive] = []
    while peek(.at) {
      directives.append(try parseDirective(isConst: isConst))
    }
    return directives
  }

  /// `Directive[Const] : @ Name Arguments[?Const]?`
  mutating func parseDirective(isConst: Bool) throws(SyntaxError) -> Directive {
    let start = try expect(.at)
    let name = try parseName()
    let arguments = try parseArguments(isConst: isConst)
    return Directive(name: name, arguments: arguments, loc: loc(start))
  }

  /// `Type : NamedType | ListType | NonNullType`
  mutating func parseTypeReference() throws(SyntaxError) -> TypeReference {
    let start = lexer.token.start
    guard try expectOptional(.bracketL) else {
      // A name, and so most types, wrapped without going through `TypeReference`.
      let named = try parseNamedType()
      guard try expectOptional(.bang) else { return .named(named) }
      return .nonNull(NonNullType(named: named, loc: loc(start)))
    }
    try enterNesting()
    let list = try parseListTypeRest(start, try parseTypeReference())
    guard try expectOptional(.bang) else { return list }
    return .nonNull(NonNullType(type: list, loc: loc(start)))
  }

  /// `]` closing a list type around `inner`.
  private mutating func parseListTypeRest(
    _ start: Int, _ inner: TypeReference
  ) throws(SyntaxError) -> TypeReference {
    leaveNesting()
    try expect(.bracketR)
    return .list(ListType(type: inner, loc: loc(start)))
  }

  /// `NamedType : Name`
  mutating func parseNamedType() throws(SyntaxError) -> NamedType {
    let start = lexer.token.start
    let name = try parseName()
    return NamedType(name: name, loc: loc(start))
  }
}
