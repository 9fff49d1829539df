import GraphQLSyntax

/// The queries `@refetchable(queryName:)` asks for, written as documents and parsed, so
/// that they go through the same IR builder and emitter as the target's own operations.
///
/// As in relay-compiler, the fragment's type decides the root: a fragment on the query type
/// is spread at the root; one on `Node` (or a type implementing it) under
/// `node(id: $id)` when the query type has that field; one on a type with key fields under
/// the first root field returning the type that takes each key field as an argument
/// (`character(id: $id)`), Baton's counterpart of Relay's `@fetchable`. The query's variables are the
/// fragment's `@argumentDefinitions` (with their defaults, passed on with `@arguments`),
/// the operation variables the fragment and the fragments it spreads use, and the key.
struct RefetchQueryPlanner {
  let schema: Schema
  let fragments: [String: FragmentDefinition]
  let keyFields: [String: [String]]
  let locate: (Location?) -> [DiagnosticLocation]

  /// The refetch queries of `document`'s `@refetchable` fragments, in document order.
  static func queries(
    document: Document, schema: Schema, keyFields: [String: [String]], locate: @escaping (Location?) -> [DiagnosticLocation]
  ) throws(CodegenErrors) -> [OperationDefinition] {
    var fragments: [String: FragmentDefinition] = [:]
    for case .fragment(let fragment) in document.definitions { fragments[fragment.name.value] = fragment }
    let planner = RefetchQueryPlanner(schema: schema, fragments: fragments, keyFields: keyFields, locate: locate)
    var queries: [OperationDefinition] = []
    var errors: [CodegenError] = []
    for case .fragment(let fragment) in document.definitions {
      guard let queryName = refetchQueryName(fragment) else { continue }
      do { queries.append(try planner.query(queryName, for: fragment)) } catch { errors += error.errors }
    }
    if !errors.isEmpty { throw CodegenErrors(errors) }
    return queries
  }

  /// `@refetchable`'s `queryName`, when it is a string literal (`RefetchableDirectiveRule`
  /// reports it otherwise).
  static func refetchQueryName(_ fragment: FragmentDefinition) -> String? {
    guard let directive = fragment.directives.first(where: { $0.name.value == "refetchable" }),
      case .string(let name)? = directive.arguments.first(where: { $0.name.value == "queryName" })?.value
    else { return nil }
    return name.value
  }

  private struct Root {
    /// The root field and its arguments (`node(id: $id)`), empty for the query type.
    var field: String?
    var keys: [(name: String, type: SchemaTypeReference)]
  }

  private func query(_ name: String, for fragment: FragmentDefinition) throws(CodegenErrors) -> OperationDefinition {
    let fragmentName = fragment.name.value
    let typeName = fragment.typeCondition.name.value
    guard let root = root(for: typeName) else {
      throw error(
        "Fragment \"\(fragmentName)\" is @refetchable, but its type \"\(typeName)\" cannot be fetched again: "
          + "@refetchable fragments must be on the query type, on \"Node\" or a type implementing it when the query "
          + "type has \"node(id: ID!): Node\", or on a type with key fields that a root field returning it takes "
          + "as arguments (e.g. \"character(id: ID!): Character\").",
        fragment.name.loc)
    }
    let locals = FragmentArgumentDefinition.definitions(of: fragment, schema: schema)
    let globals = globalVariables(of: fragment)
    var variables: [String] = []
    var taken: Set<String> = []
    for local in locals {
      let defaultValue = local.defaultValue.map { " = " + ValueLiteral.print($0) } ?? ""
      variables.append("$\(local.name): \(local.type)\(defaultValue)")
      taken.insert(local.name)
    }
    for global in globals where !taken.contains(global.name) {
      variables.append("$\(global.name): \(global.type)")
      taken.insert(global.name)
    }
    for key in root.keys {
      if taken.contains(key.name) {
        throw error(
          "Fragment \"\(fragmentName)\" is @refetchable through its key \"\(key.name)\", but it already has a "
            + "variable \"$\(key.name)\", which the refetch query needs for the key.",
          fragment.name.loc)
      }
      variables.append("$\(key.name): \(key.type)")
    }
    let arguments = locals.isEmpty
      ? "" : " @arguments(" + locals.map { "\($0.name): $\($0.name)" }.joined(separator: ", ") + ")"
    let spread = "...\(fragmentName)\(arguments)"
    let selection: String
    if let field = root.field {
      let keyArguments = root.keys.map { "\($0.name): $\($0.name)" }.joined(separator: ", ")
      selection = "\(field)(\(keyArguments)) { \(spread) }"
    } else {
      selection = spread
    }
    let declared = variables.isEmpty ? "" : "(" + variables.joined(separator: ", ") + ")"
    let text = "query \(name)\(declared) { \(selection) }"
    let parsed: Document
    do {
      parsed = try parse(Source(text, name: "@refetchable \(fragmentName)"))
    } catch {
      throw self.error("The refetch query of \"\(fragmentName)\" could not be built: \(error.message)", fragment.name.loc)
    }
    guard case .operation(let operation)? = parsed.definitions.first else {
      throw self.error("The refetch query of \"\(fragmentName)\" could not be built.", fragment.name.loc)
    }
    return operation
  }

  private func error(_ message: String, _ loc: Location?) -> CodegenErrors {
    CodegenErrors([CodegenError(message, locations: locate(loc))])
  }

  private func root(for typeName: String) -> Root? {
    guard let query = schema.queryType, let type = schema.type(named: typeName) else { return nil }
    if typeName == query.name { return Root(field: nil, keys: []) }
    if typeName == "Node" || type.interfaces.contains("Node"),
      let nodeInterface = schema.type(named: "Node"), nodeInterface.kind == .interface,
      nodeInterface.field(named: "id")?.type.namedType == "ID",
      let node = schema.field(named: "node", on: query), node.type.nullable == .named("Node"),
      let id = node.argument(named: "id"), id.type.namedType == "ID",
      node.arguments.allSatisfy({ $0.name == "id" || !$0.type.isNonNull || $0.defaultValue != nil })
    {
      return Root(field: "node", keys: [("id", .nonNull(.named("ID")))])
    }
    guard type.kind == .object, let keys = keyFields[typeName], !keys.isEmpty else { return nil }
    for field in query.fields where field.type.nullable == .named(typeName) {
      let names = Set(field.arguments.map(\.name))
      guard keys.allSatisfy(names.contains),
        field.arguments.allSatisfy({ keys.contains($0.name) || !$0.type.isNonNull || $0.defaultValue != nil })
      else { continue }
      let typed = keys.compactMap { key in field.argument(named: key).map { (name: key, type: $0.type) } }
      return Root(field: field.name, keys: typed)
    }
    return nil
  }

  /// The operation variables `fragment` and the fragments it spreads use, with the type
  /// where each is first used; fragments' own `@argumentDefinitions` are not among them.
  private func globalVariables(of fragment: FragmentDefinition) -> [(name: String, type: SchemaTypeReference)] {
    var result: [(name: String, type: SchemaTypeReference)] = []
    var seen: Set<String> = []
    var visited: Set<String> = []
    var pending = [fragment]
    while let next = pending.popLast() {
      guard visited.insert(next.name.value).inserted else { continue }
      let locals = FragmentArgumentDefinition.names(of: next)
      for usage in VariableUsageCollector.collect(fragment: next, schema: schema) {
        let name = usage.variable.name.value
        guard !locals.contains(name), let type = usage.type, seen.insert(name).inserted else { continue }
        result.append((name, type))
      }
      pending += Self.spreadNames(next.selectionSet).compactMap { fragments[$0] }
    }
    return result
  }

  private static func spreadNames(_ set: SelectionSet) -> [String] {
    set.selections.flatMap { selection -> [String] in
      switch selection {
      case .field(let field): field.selectionSet.map(spreadNames) ?? []
      case .inlineFragment(let inline): spreadNames(inline.selectionSet)
      case .fragmentSpread(let spread): [spread.name.value]
      }
    }
  }
}
