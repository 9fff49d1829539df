extension Parser {
  /// `OperationDefinition : SelectionSet |
  ///   Description? OperationType Name? VariableDefinitions? Directives? SelectionSet`
  mutating func parseOperationDefinition() throws(SyntaxError) -> OperationDefinition {
    let start = lexer.token.start
    if peek(.braceL) {
      let selectionSet = try parseSelectionSet()
      return OperationDefinition(operation: .query, selectionSet: selectionSet, loc: loc(start))
    }
    let description = try parseDescription()
    let operation = try parseOperationType()
    let name = peek(.name) ? try parseName() : nil
    let variableDefinitions = try parseVariableDefinitions()
    let directives = try parseDirectives(isConst: false)
    let selectionSet = try parseSelectionSet()
    return OperationDefinition(
      operation: operation, description: description, name: name,
      variableDefinitions: variableDefinitions, directives: directives,
      selectionSet: selectionSet, loc: loc(start))
  }

  /// `OperationType : one of query mutation subscription`
  mutating func parseOperationType() throws(SyntaxError) -> OperationType {
    let token = lexer.token
    try expect(.name)
    if isName(token, "query") { return .query }
    if isName(token, "mutation") { return .mutation }
    if isName(token, "subscription") { return .subscription }
    throw unexpected(token)
  }

  /// `VariableDefinitions : ( VariableDefinition+ )`
  mutating func parseVariableDefinitions() throws(SyntaxError) -> [VariableDefinition] {
    try optionalMany(.parenL, .parenR) { (parser: inout Parser) throws(SyntaxError) in
      try parser.parseVariableDefinition()
    }
  }

  /// `VariableDefinition : Description? Variable : Type DefaultValue? Directives[Const]?`
  mutating func parseVariableDefinition() throws(SyntaxError) -> VariableDefinition {
    let start = lexer.token.start
    let description = try parseDescription()
    let variable = try parseVariable()
    try expect(.colon)
    let type = try parseTypeReference()
    let defaultValue = try expectOptional(.equals) ? try parseValueLiteral(isConst: true) : nil
    let directives = try parseDirectives(isConst: true)
    return VariableDefinition(
      description: description, variable: variable, type: type, defaultValue: defaultValue,
      directives: directives, loc: loc(start))
  }

  /// `Variable : $ Name`
  mutating func parseVariable() throws(SyntaxError) -> Variable {
    let start = try expect(.dollar)
    let name = try parseName()
    return Variable(name: name, loc: loc(start))
  }

  /// `SelectionSet : { Selection* }`
  ///
  /// Selection sets recurse through here, `parseField()` and `parseFragment()`; those
  /// keep their frames small by reading everything but the nested selection set in
  /// helpers that release builds inline and debug builds (which give every temporary
  /// its own stack slot) keep out of the recursive frames.
  mutating func parseSelectionSet() throws(SyntaxError) -> SelectionSet {
    try enterNesting()
    let start = lexer.token.start
    try expect(.braceL)
    nodes.startSelections(atDepth: depth)
    while try !expectOptional(.braceR) {
      if peek(.spread) {
        // Parsed before `nodes` is read: a receiver read first would be kept (retained)
        // across the call.
        let fragment = try parseFragment()
        nodes.appendSelection(fragment, atDepth: depth)
      } else {
        try parseField()
      }
    }
    let selections = nodes.finishSelections(atDepth: depth)
    leaveNesting()
    return SelectionSet(selections: selections, loc: loc(start))
  }

  /// `Field : Alias? Name Arguments? Directives? SelectionSet?`
  ///
  /// The field is stored in its set's run as soon as its head is read; its selection set
  /// and the end of its location are written in place afterwards. (Deeper selection sets
  /// write to other runs, so the address stays valid.)
  mutating func parseField() throws(SyntaxError) {
    let parts = try parseFieldHead()
    if peek(.braceL) {
      parts.pointee.selectionSet = try parseSelectionSet()
      if !options.noLocation {
        parts.pointee.loc.end = lexer.lastTokenEnd
      }
    }
  }

  /// `Alias? Name Arguments? Directives?`, stored as a field without a selection set.
  ///
  /// Aliases, arguments and directives are rare, and boxed (see `Field.Parts`): read out
  /// of line, so that the common field needs no call and carries no optional through.
  @inline(__always)
  private mutating func parseFieldHead(
  ) throws(SyntaxError) -> UnsafeMutablePointer<Field.Parts> {
    let start = lexer.token.start
    let name = try parseNameInlined()
    if peek(.colon) {
      return try parseAliasedFieldHead(alias: name, start: start)
    }
    if peek(.parenL) || peek(.at) {
      return storeFieldHead(name: name, extras: try parseFieldExtras(alias: nil), start: start)
    }
    // Stored apart: with one store of either extras, each field released the `.none`.
    return storeFieldHead(name: name, extras: .none, start: start)
  }

  /// `Alias : Name Arguments? Directives?`, from the colon on.
  private mutating func parseAliasedFieldHead(
    alias: Name, start: Int
  ) throws(SyntaxError) -> UnsafeMutablePointer<Field.Parts> {
    try expect(.colon)
    let name = try parseName()
    let extras = try parseFieldExtras(alias: alias)
    return storeFieldHead(name: name, extras: extras, start: start)
  }

  /// The arguments and directives after a field's name, boxed with its alias.
  private mutating func parseFieldExtras(
    alias: Name?
  ) throws(SyntaxError) -> Field.Parts.Extras {
    let arguments = peek(.parenL) ? try parseArguments(isConst: false) : []
    let directives = peek(.at) ? try parseDirectives(isConst: false) : []
    return Field.Parts.Extras(alias: alias, arguments: arguments, directives: directives)
  }

  @inline(__always)
  private mutating func storeFieldHead(
    name: Name, extras: Field.Parts.Extras, start: Int
  ) -> UnsafeMutablePointer<Field.Parts> {
    let location = loc(start) ?? .missing
    let address = nodes.reserveField(atDepth: depth)
    address.initialize(
      to: Field.Parts(name: name, selectionSet: nil, loc: location, extras: extras))
    return address
  }

  /// `Arguments[Const] : ( Argument[?Const]+ )`
  mutating func parseArguments(isConst: Bool) throws(SyntaxError) -> [Argument] {
    try optionalMany(.parenL, .parenR) { (parser: inout Parser) throws(SyntaxError) in
      try parser.parseArgument(isConst: isConst)
    }
  }

  /// `Argument[Const] : Name : Value[?Const]`
  mutating func parseArgument(isConst: Bool) throws(SyntaxError) -> Argument {
    let start = lexer.token.start
    let name = try parseNameAndColon()
    let value = try parseValueLiteral(isConst: isConst)
    return Argument(name: name, value: value, loc: loc(start))
  }

  /// `FragmentSpread : ... FragmentName Arguments? Directives?` (arguments only with
  /// `experimentalFragmentArguments`) or
  /// `InlineFragment : ... TypeCondition? Directives? SelectionSet`
  mutating func parseFragment() throws(SyntaxError) -> Selection {
    let start = try expect(.spread)
    let hasTypeCondition = try expectOptionalKeyword("on")
    if !hasTypeCondition && peek(.name) {
      return try parseFragmentSpread(start)
    }
    let head = try parseInlineFragmentHead(hasTypeCondition: hasTypeCondition)
    let selectionSet = try parseSelectionSet()
    return inlineFragment(start, head, selectionSet)
  }

  /// The rest of `... FragmentName Arguments? Directives?`.
  @inline(__always)
  private mutating func parseFragmentSpread(_ start: Int) throws(SyntaxError) -> Selection {
    let name = try parseFragmentName()
    let arguments =
      options.experimentalFragmentArguments && peek(.parenL)
      ? try parseArguments(isConst: false) : []
    let directives = try parseDirectives(isConst: false)
    return .fragmentSpread(
      FragmentSpread(name: name, arguments: arguments, directives: directives, loc: loc(start)))
  }

  /// `TypeCondition? Directives?` of an inline fragment (`on` already read).
  @inline(__always)
  private mutating func parseInlineFragmentHead(
    hasTypeCondition: Bool
  ) throws(SyntaxError) -> (NamedType?, [Directive]) {
    let typeCondition = hasTypeCondition ? try parseNamedType() : nil
    return (typeCondition, try parseDirectives(isConst: false))
  }

  @inline(__always)
  private func inlineFragment(
    _ start: Int, _ head: consuming (NamedType?, [Directive]), _ selectionSet: consuming SelectionSet
  ) -> Selection {
    .inlineFragment(
      InlineFragment(
        typeCondition: head.0, directives: head.1, selectionSet: selectionSet, loc: loc(start)))
  }

  /// `FragmentDefinition : Description? fragment FragmentName VariableDefinitions?
  ///   TypeCondition Directives? SelectionSet` (variable definitions only with
  /// `experimentalFragmentArguments`)
  mutating func parseFragmentDefinition() throws(SyntaxError) -> FragmentDefinition {
    let start = lexer.token.start
    let description = try parseDescription()
    try expectKeyword("fragment")
    let name = try parseFragmentName()
    let variableDefinitions =
      options.experimentalFragmentArguments ? try parseVariableDefinitions() : []
    let typeCondition = try parseTypeCondition()
    let directives = try parseDirectives(isConst: false)
    let selectionSet = try parseSelectionSet()
    return FragmentDefinition(
      description: description, name: name, variableDefinitions: variableDefinitions,
      typeCondition: typeCondition, directives: directives, selectionSet: selectionSet,
      loc: loc(start))
  }

  /// `FragmentName : Name but not on`
  mutating func parseFragmentName() throws(SyntaxError) -> Name {
    if currentValueEquals("on") {
      throw unexpected()
    }
    return try parseName()
  }

  /// `TypeCondition : on NamedType`
  mutating func parseTypeCondition() throws(SyntaxError) -> NamedType {
    try expectKeyword("on")
    return try parseNamedType()
  }
}
