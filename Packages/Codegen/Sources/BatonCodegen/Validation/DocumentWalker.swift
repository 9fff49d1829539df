import GraphQLSyntax

/// One walk over an executable document in graphql-js's visiting order, keeping the
/// context's `TypeInfo` current and telling every rule of each node entered and left.
///
/// A rule that skips a node's children (`.skipChildren`) is not told of them but is told
/// of leaving the node; one that stops (`.stop`) is told nothing more; the others go on,
/// as graphql-js's `ParallelVisitor` does. Descriptions are not walked, as they must not
/// affect validation.
final class DocumentWalker {
  private let context: ValidationContext
  private let rules: [any ValidationRule]
  /// For each rule, the depth of the node whose children it skips, if any, or `stopped`.
  private var skippedAt: [Int?]
  private var depth = 0
  /// Never a node's depth: the document is entered at depth 1.
  private static let stopped = 0

  init(context: ValidationContext, rules: [any ValidationRule]) {
    self.context = context
    self.rules = rules
    self.skippedAt = Array(repeating: nil, count: rules.count)
  }

  /// Calls `body` for each rule not skipping, recording the rules that now skip or stop.
  @inline(__always)
  private func enter(_ body: (any ValidationRule) -> VisitAction) {
    depth += 1
    for index in rules.indices where skippedAt[index] == nil {
      switch body(rules[index]) {
      case .continue: break
      case .skipChildren: skippedAt[index] = depth
      case .stop: skippedAt[index] = Self.stopped
      }
    }
  }

  /// Calls `body` for each rule not skipping, and for each whose skipped node this is.
  @inline(__always)
  private func leave(_ body: (any ValidationRule) -> Void) {
    for index in rules.indices {
      switch skippedAt[index] {
      case nil: body(rules[index])
      case .some(depth):
        skippedAt[index] = nil
        body(rules[index])
      default: break
      }
    }
    depth -= 1
  }

  func walk(_ document: Document) {
    enter { $0.enterDocument(document) }
    for definition in document.definitions where !context.isAborted {
      switch definition {
      case .operation(let operation): walk(operation)
      case .fragment(let fragment): walk(fragment)
      default: break
      }
    }
    leave { $0.leaveDocument(document) }
  }

  private func walk(_ operation: OperationDefinition) {
    context.typeInfo.enterOperation(operation)
    enter { $0.enterOperation(operation) }
    for definition in operation.variableDefinitions { walk(definition) }
    let location: DirectiveLocation =
      switch operation.operation {
      case .query: .query
      case .mutation: .mutation
      case .subscription: .subscription
      }
    walk(operation.directives, location)
    walk(operation.selectionSet)
    leave { $0.leaveOperation(operation) }
    context.typeInfo.leaveOperation()
  }

  private func walk(_ fragment: FragmentDefinition) {
    context.typeInfo.enterTypeCondition(fragment.typeCondition)
    enter { $0.enterFragmentDefinition(fragment) }
    for definition in fragment.variableDefinitions { walk(definition) }
    walk(fragment.typeCondition)
    walk(fragment.directives, .fragmentDefinition)
    walk(fragment.selectionSet)
    leave { $0.leaveFragmentDefinition(fragment) }
    context.typeInfo.leaveTypeCondition()
  }

  private func walk(_ definition: VariableDefinition) {
    context.typeInfo.enterVariableDefinition(definition)
    enter { $0.enterVariableDefinition(definition) }
    walk(definition.variable)
    walk(definition.type)
    if let value = definition.defaultValue { walk(value) }
    walk(definition.directives, .variableDefinition)
    leave { _ in }
    context.typeInfo.leaveVariableDefinition()
  }

  private func walk(_ type: GraphQLSyntax.TypeReference) {
    switch type {
    case .named(let named): walk(named)
    case .list(let list):
      enter { _ in .continue }
      walk(list.type)
      leave { _ in }
    case .nonNull(let nonNull):
      enter { _ in .continue }
      walk(nonNull.type)
      leave { _ in }
    }
  }

  private func walk(_ named: GraphQLSyntax.NamedType) {
    enter { $0.enterNamedType(named) }
    leave { _ in }
  }

  private func walk(_ variable: Variable) {
    enter { $0.enterVariable(variable) }
    leave { _ in }
  }

  private func walk(_ selectionSet: SelectionSet) {
    context.typeInfo.enterSelectionSet()
    enter { $0.enterSelectionSet(selectionSet) }
    for selection in selectionSet.selections where !context.isAborted {
      switch selection {
      case .field(let field): walk(field)
      case .fragmentSpread(let spread): walk(spread)
      case .inlineFragment(let fragment): walk(fragment)
      }
    }
    leave { $0.leaveSelectionSet(selectionSet) }
    context.typeInfo.leaveSelectionSet()
  }

  private func walk(_ field: Field) {
    context.typeInfo.enterField(field)
    enter { $0.enterField(field) }
    for argument in field.arguments { walk(argument, field: field) }
    walk(field.directives, .field)
    if let selectionSet = field.selectionSet { walk(selectionSet) }
    leave { $0.leaveField(field) }
    context.typeInfo.leaveField()
  }

  private func walk(_ spread: FragmentSpread) {
    enter { $0.enterFragmentSpread(spread) }
    for argument in spread.arguments { walk(argument, field: nil) }
    walk(spread.directives, .fragmentSpread)
    leave { $0.leaveFragmentSpread(spread) }
  }

  private func walk(_ fragment: InlineFragment) {
    context.typeInfo.enterTypeCondition(fragment.typeCondition)
    enter { $0.enterInlineFragment(fragment) }
    if let condition = fragment.typeCondition { walk(condition) }
    walk(fragment.directives, .inlineFragment)
    walk(fragment.selectionSet)
    leave { $0.leaveInlineFragment(fragment) }
    context.typeInfo.leaveTypeCondition()
  }

  private func walk(_ directives: [Directive], _ location: DirectiveLocation) {
    for directive in directives {
      context.typeInfo.enterDirective(directive)
      enter { $0.enterDirective(directive, location: location) }
      for argument in directive.arguments { walk(argument, field: nil) }
      leave { $0.leaveDirective(directive) }
      context.typeInfo.leaveDirective()
    }
  }

  private func walk(_ argument: Argument, field: Field?) {
    context.typeInfo.enterArgument(argument)
    enter { $0.enterArgument(argument, field: field) }
    walk(argument.value)
    leave { $0.leaveArgument(argument) }
    context.typeInfo.leaveArgument()
  }

  private func walk(_ value: Value) {
    switch value {
    case .variable(let variable):
      walk(variable)
    case .list(let list):
      context.typeInfo.enterListValue()
      enter { $0.enterValue(value) }
      for item in list.values { walk(item) }
      leave { $0.leaveValue(value) }
      context.typeInfo.leaveInputScope()
    case .object(let object):
      enter { $0.enterValue(value) }
      for field in object.fields {
        context.typeInfo.enterObjectField(field)
        enter { $0.enterObjectField(field) }
        walk(field.value)
        leave { _ in }
        context.typeInfo.leaveInputScope()
      }
      leave { $0.leaveValue(value) }
    default:
      enter { $0.enterValue(value) }
      leave { $0.leaveValue(value) }
    }
  }
}
