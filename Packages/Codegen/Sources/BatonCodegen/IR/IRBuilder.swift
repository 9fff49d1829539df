import GraphQLSyntax

/// Builds the IR of validated operations and fragments: merges selections by response key,
/// resolves `@include`/`@skip` with literal arguments, and reads the directives `@required`, `@catch` and `@throwOnFieldError`.
///
/// Expects a document that passed validation; what validation does not forbid but code
/// generation cannot express (an anonymous operation, `__schema`) is an error at its node.
struct IRBuilder {
  let schema: Schema
  let fragments: [String: FragmentDefinition]
  /// Maps a node's location to a file position for errors.
  let locate: (Location?) -> [DiagnosticLocation]

  func operation(_ node: OperationDefinition, text: String) throws(CodegenErrors) -> IROperation {
    guard let name = node.name?.value else {
      throw CodegenErrors([CodegenError("Operations must be named to generate code for them.", locations: locate(node.loc))])
    }
    let rootName: String? = switch node.operation {
    case .query: schema.queryTypeName
    case .mutation: schema.mutationTypeName
    case .subscription: schema.subscriptionTypeName
    }
    guard let rootName else {
      throw CodegenErrors([CodegenError("The schema has no \(node.operation.rawValue) type.", locations: locate(node.loc))])
    }
    let throwOnFieldError = node.directives.contains { $0.name.value == "throwOnFieldError" }
    let variables = node.variableDefinitions.map { definition in
      IRVariable(
        name: definition.variable.name.value, type: Self.schemaType(definition.type),
        defaultValue: definition.defaultValue)
    }
    let catchTo = Self.catchTarget(node.directives)
    let selectionSet = try selectionSet(
      node.selectionSet.selections, on: rootName, policy: throwOnFieldError || catchTo != nil, caught: catchTo != nil,
      inherited: [])
    return IROperation(
      name: name, kind: node.operation, variables: variables, throwOnFieldError: throwOnFieldError, catchTo: catchTo,
      selectionSet: selectionSet, text: text)
  }

  func fragment(_ node: FragmentDefinition) throws(CodegenErrors) -> IRFragment {
    let throwOnFieldError = node.directives.contains { $0.name.value == "throwOnFieldError" }
    let catchTo = Self.catchTarget(node.directives)
    let typeName = node.typeCondition.name.value
    return IRFragment(
      name: node.name.value, typeCondition: typeName, throwOnFieldError: throwOnFieldError, catchTo: catchTo,
      selectionSet: try selectionSet(
        node.selectionSet.selections, on: typeName, policy: throwOnFieldError || catchTo != nil, caught: catchTo != nil,
        inherited: []),
      argumentDefinitions: FragmentArgumentDefinition.definitions(of: node, schema: schema),
      refetchQueryName: RefetchQueryPlanner.refetchQueryName(node),
      isUpdatable: node.directives.contains { $0.name.value == "updatable" })
  }

  /// The selections of every occurrence of one response key, with their conditions.
  private struct FieldGroup {
    var key: String
    var nodes: [Field] = []
    var conditions: [[IRCondition]] = []
  }

  private struct Collected {
    var groups: [FieldGroup] = []
    var spreads: [(String, [IRCondition], [GraphQLSyntax.Argument])] = []
    var typeCases: [(String, SelectionList, [IRCondition])] = []
    /// `@defer`red spreads by fragment name, and deferred inline fragments (never merged).
    var deferredSpreads: [String: IRDefer] = [:]
    var deferredCases: [(String, SelectionList, [IRCondition], IRDefer)] = []
    /// Aliased inline fragments under `@catch`, in document order (never merged).
    var caughtFragments: [(node: GraphQLSyntax.InlineFragment, alias: String, conditions: [IRCondition])] = []
  }

  /// `policy`: a handling policy is in place; `caught`: a `@catch` above catches the set's nulls.
  func selectionSet(
    _ selections: SelectionList, on typeName: String, policy: Bool, caught: Bool, inherited: [IRCondition]
  ) throws(CodegenErrors) -> IRSelectionSet {
    var collected = Collected()
    collect(selections, on: typeName, inherited: inherited, into: &collected)
    guard let parent = schema.type(named: typeName) else {
      throw CodegenErrors([CodegenError("Unknown type \"\(typeName)\".")])
    }
    var fields: [IRField] = []
    for group in collected.groups {
      fields.append(try field(group, on: parent, policy: policy, caught: caught))
    }
    let possible = possibleTypes(typeName)
    for fragment in collected.caughtFragments {
      fields.append(try caughtFragment(fragment.node, alias: fragment.alias, conditions: fragment.conditions, on: typeName, caught: caught))
    }
    let spreads = collected.spreads.map { name, conditions, arguments in
      let fragmentType = fragments[name]?.typeCondition.name.value ?? typeName
      let covered = Set(possibleTypes(fragmentType))
      return IRSpread(
        fragmentName: name, conditions: conditions, alwaysMatches: possible.allSatisfy(covered.contains),
        arguments: arguments, deferred: collected.deferredSpreads[name])
    }
    var typeCases: [IRTypeCase] = []
    for (caseType, caseSelections, conditions) in collected.typeCases {
      let caseSet = try selectionSet(caseSelections, on: caseType, policy: policy, caught: caught, inherited: [])
      typeCases.append(IRTypeCase(conditions: conditions, selectionSet: caseSet))
    }
    for (caseType, caseSelections, conditions, deferred) in collected.deferredCases {
      let caseSet = try selectionSet(caseSelections, on: caseType, policy: policy, caught: caught, inherited: [])
      typeCases.append(IRTypeCase(
        conditions: conditions, selectionSet: caseSet, deferred: deferred,
        coversParent: Set(caseSet.possibleTypes).isSuperset(of: possible)))
    }
    return IRSelectionSet(typeName: typeName, possibleTypes: possible, fields: fields, spreads: spreads, typeCases: typeCases)
  }

  func possibleTypes(_ typeName: String) -> [String] {
    schema.possibleTypes(of: typeName).sorted()
  }

  private func collect(_ selections: SelectionList, on typeName: String, inherited: [IRCondition], into collected: inout Collected) {
    for selection in selections {
      switch selection {
      case .field(let node):
        guard let conditions = Self.conditions(node.directives) else { continue }
        let key = node.responseKey
        if let index = collected.groups.firstIndex(where: { $0.key == key }) {
          collected.groups[index].nodes.append(node)
          collected.groups[index].conditions.append(inherited + conditions)
        } else {
          collected.groups.append(FieldGroup(key: key, nodes: [node], conditions: [inherited + conditions]))
        }
      case .inlineFragment(let node):
        guard let conditions = Self.conditions(node.directives) else { continue }
        let caseType = node.typeCondition?.name.value ?? typeName
        let unlabelled = collected.deferredCases.filter { !$0.3.isWritten }.count
        let fallbackName = "deferred" + (unlabelled == 0 ? "" : String(unlabelled + 1))
        if Self.catchTarget(node.directives) != nil, let alias = node.relayAlias {
          collected.caughtFragments.append((node, alias, inherited + conditions))
        } else if let deferred = Self.deferDirective(node.directives, fallbackName: fallbackName) {
          collected.deferredCases.append((caseType, node.selectionSet.selections, inherited + conditions, deferred))
        } else if caseType == typeName || Set(possibleTypes(caseType)).isSuperset(of: possibleTypes(typeName)) {
          collect(node.selectionSet.selections, on: typeName, inherited: inherited + conditions, into: &collected)
        } else if let index = collected.typeCases.firstIndex(where: { $0.0 == caseType }) {
          collected.typeCases[index].1 += node.selectionSet.selections
        } else {
          collected.typeCases.append((caseType, node.selectionSet.selections, inherited + conditions))
        }
      case .fragmentSpread(let node):
        guard let conditions = Self.conditions(node.directives) else { continue }
        if !collected.spreads.contains(where: { $0.0 == node.name.value }) {
          let arguments = node.directives.first { $0.name.value == FragmentArgumentDefinition.argumentsDirective }?.arguments
          collected.spreads.append((node.name.value, inherited + conditions, arguments ?? []))
          collected.deferredSpreads[node.name.value] = Self.deferDirective(node.directives, fallbackName: node.name.value)
        }
      }
    }
  }

  private func field(_ group: FieldGroup, on parent: SchemaType, policy: Bool, caught: Bool) throws(CodegenErrors) -> IRField {
    guard let first = group.nodes.first else { throw CodegenErrors([]) }
    let name = first.name.value
    if name == "__schema" || name == "__type" {
      throw CodegenErrors([CodegenError("Introspection fields cannot be selected in generated operations.", locations: locate(first.loc))])
    }
    guard let definition = schema.field(named: name, on: parent) else {
      throw CodegenErrors([CodegenError("Cannot query field \"\(name)\" on type \"\(parent.name)\".", locations: locate(first.loc))])
    }
    let directives = group.nodes.flatMap(\.directives)
    let required = Self.enumArgument(directives, "required", "action").flatMap(IRField.Required.init(rawValue:))
    let catchTo = Self.catchTarget(directives)
    let fieldPolicy = policy || catchTo != nil
    let namedType = definition.type.namedType
    let kind = schema.type(named: namedType)?.kind ?? .scalar
    var subselections: IRSelectionSet?
    if kind.isComposite {
      subselections = try selectionSet(
        SelectionList(group.nodes.flatMap { $0.selectionSet?.selections ?? [] }), on: namedType, policy: fieldPolicy,
        caught: caught || catchTo != nil, inherited: [])
    }
    let conditions = group.conditions.contains(where: \.isEmpty) ? [] : (group.conditions.first ?? [])
    return IRField(
      responseKey: group.key, alias: first.alias?.value, name: name, arguments: first.arguments, typeName: namedType,
      typeKind: kind, levels: Self.levels(definition.type, semantic: definition.semanticNonNullLevels ?? []),
      hasPolicy: fieldPolicy, required: required, isUnderCatch: caught, catchTo: catchTo, conditions: conditions,
      description: definition.description, deprecationReason: definition.deprecationReason, selectionSet: subselections, isClientExtension: definition.isClientExtension,
      isMasked: group.nodes.allSatisfy { $0.directives.contains { $0.name.value == StoreFieldInserter.maskedDirective } },
      connection: Self.connection(directives, arguments: first.arguments), listEdit: Self.listEdit(directives),
      stream: Self.streamDirective(directives, fallbackLabel: group.key), redirectKeyArguments: definition.redirectKeyArguments)
  }

  /// An aliased inline fragment under `@catch` as the field that reads it: its alias the
  /// response key, its type condition (else the parent's type) the type, non-null where every
  /// object of the parent matches it. Its fields are under the catch: semantic non-null is
  /// non-null there.
  private func caughtFragment(
    _ node: GraphQLSyntax.InlineFragment, alias: String, conditions: [IRCondition], on typeName: String, caught: Bool
  ) throws(CodegenErrors) -> IRField {
    let caseType = node.typeCondition?.name.value ?? typeName
    let set = try selectionSet(node.selectionSet.selections, on: caseType, policy: true, caught: true, inherited: [])
    let always = Set(possibleTypes(caseType)).isSuperset(of: possibleTypes(typeName))
    let keys = set.fields.filter { $0.name != "__typename" && $0.aliasedFragment == nil }
    let firstKey = (keys.first { !$0.isMasked } ?? keys.first)?.responseKey ?? "__typename"
    return IRField(
      responseKey: alias, alias: alias, name: alias, arguments: [], typeName: caseType,
      typeKind: schema.type(named: caseType)?.kind ?? .object, levels: [always ? .nonNull : .nullable], hasPolicy: true,
      required: nil, isUnderCatch: caught, catchTo: Self.catchTarget(node.directives), conditions: conditions,
      description: nil, deprecationReason: nil, selectionSet: set, isClientExtension: false, isMasked: false,
      aliasedFragment: IRAliasedFragment(typeCondition: node.typeCondition?.name.value, firstKey: firstKey))
  }

  /// The first list-edit directive (`@appendEdge`, ..., `@deleteRecord`); validation has
  /// checked where it stands.
  static func listEdit(_ directives: [Directive]) -> IRListEdit? {
    for directive in directives {
      let name = directive.name.value
      func string(_ argument: String) -> String? {
        if case .string(let value)? = directive.arguments.first(where: { $0.name.value == argument })?.value {
          return value.value
        }
        return nil
      }
      let connections = directive.arguments.first { $0.name.value == "connections" }?.value
      switch name {
      case "appendEdge", "prependEdge", "deleteEdge":
        return IRListEdit(kind: "." + name, connections: connections)
      case "appendNode", "prependNode":
        let edge = SwiftNames.stringLiteral(string("edgeTypeName") ?? "")
        return IRListEdit(kind: ".\(name)(edgeTypeName: \(edge))", connections: connections)
      case "deleteRecord":
        return IRListEdit(kind: ".deleteRecord(typename: \(string("typename").map(SwiftNames.stringLiteral) ?? "nil"))")
      default:
        continue
      }
    }
    return nil
  }

  /// `@connection`'s key and filters; validation has checked their shapes.
  static func connection(_ directives: [Directive], arguments: [GraphQLSyntax.Argument]) -> IRConnection? {
    guard let directive = directives.first(where: { $0.name.value == "connection" }),
      case .string(let key)? = directive.arguments.first(where: { $0.name.value == "key" })?.value
    else { return nil }
    if case .list(let listed)? = directive.arguments.first(where: { $0.name.value == "filters" })?.value {
      let names = listed.values.compactMap { value -> String? in
        if case .string(let name) = value { return name.value }
        return nil
      }
      return IRConnection(key: key.value, filters: names)
    }
    let filters = arguments.map(\.name.value).filter { !["first", "after", "last", "before"].contains($0) }
    return IRConnection(key: key.value, filters: filters.sorted())
  }

  /// One entry per list level, outermost first.
  static func levels(_ type: SchemaTypeReference, semantic: [Int]) -> [IRField.Level] {
    var levels: [IRField.Level] = []
    var current = type
    while true {
      let nonNull = current.isNonNull
      let level = levels.count
      levels.append(nonNull ? .nonNull : (semantic.contains(level) ? .semanticNonNull : .nullable))
      guard case .list(let inner) = current.nullable else { return levels }
      current = inner
    }
  }

  /// The variable conditions of `@include`/`@skip`, or `nil` when a literal argument
  /// excludes the selection for every request.
  static func conditions(_ directives: [Directive]) -> [IRCondition]? {
    var conditions: [IRCondition] = []
    for directive in directives where directive.name.value == "include" || directive.name.value == "skip" {
      let passing = directive.name.value == "include"
      guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else { continue }
      switch argument.value {
      case .boolean(let literal):
        if literal.value != passing { return nil }
      case .variable(let variable):
        conditions.append(IRCondition(variable: variable.name.value, passingValue: passing))
      default:
        continue
      }
    }
    return conditions
  }

  /// `@catch`'s target among `directives`: `to:`, else RESULT; `nil` without `@catch`.
  private static func catchTarget(_ directives: [Directive]) -> IRField.Catch? {
    guard directives.contains(where: { $0.name.value == "catch" }) else { return nil }
    return enumArgument(directives, "catch", "to").flatMap(IRField.Catch.init(rawValue:)) ?? .result
  }

  private static func enumArgument(_ directives: [Directive], _ directive: String, _ argument: String) -> String? {
    for node in directives where node.name.value == directive {
      for candidate in node.arguments where candidate.name.value == argument {
        if case .enumValue(let value) = candidate.value { return value.value }
      }
    }
    return nil
  }

  /// A document's type reference as the schema model spells it.
  static func schemaType(_ node: GraphQLSyntax.TypeReference) -> SchemaTypeReference {
    switch node {
    case .named(let named): .named(named.name.value)
    case .list(let list): .list(schemaType(list.type))
    case .nonNull(let nonNull): .nonNull(schemaType(nonNull.type))
    }
  }
}
