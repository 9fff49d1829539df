import GraphQLSyntax

/// Relay's `@refetchable(queryName:)` (relay-compiler's `refetchable_fragment`), the checks
/// that need only the document: `queryName` is a string literal naming no other operation,
/// fragment or refetchable fragment's query; the fragment holds at most one `@connection`,
/// outside list fields, whose pagination arguments are variables (the refetch query pages
/// through them). Whether the fragment's type can be refetched (`Query`, `Node` with
/// `node(id:)`, or a type fetchable by its key fields) is decided with the key fields, when
/// the refetch query is built (`RefetchQueryPlanner`). Errors stand at the `queryName`
/// value, or at the fragment's name.
package final class RefetchableDirectiveRule: ValidationRule {
  private let context: ValidationContext
  /// Query names taken by `@refetchable` so far, with the fragment that took each.
  private var queryNames: [String: String] = [:]
  private var definitionNames: Set<String> = []
  package init(context: ValidationContext) { self.context = context }

  package func enterDocument(_ document: Document) -> VisitAction {
    for definition in document.definitions {
      switch definition {
      case .operation(let operation): if let name = operation.name { definitionNames.insert(name.value) }
      case .fragment(let fragment): definitionNames.insert(fragment.name.value)
      default: break
      }
    }
    return .continue
  }

  package func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction {
    guard let directive = fragment.directives.first(where: { $0.name.value == "refetchable" }),
      let argument = directive.arguments.first(where: { $0.name.value == "queryName" })
    else { return .continue }
    guard case .string(let value) = argument.value else {
      // Another literal is ValuesOfCorrectTypeRule's error: the argument is `String!`.
      if case .variable = argument.value {
        context.report(
          "@refetchable's \"queryName\" must be a string literal, not \(ValueLiteral.print(argument.value)).",
          [argument.value.loc])
      }
      return .continue
    }
    let name = value.value
    let fragmentName = fragment.name.value
    if let previous = queryNames[name] {
      context.report(
        "@refetchable's queryName \"\(name)\" is taken by fragment \"\(previous)\" too; each fragment needs its own.",
        [argument.value.loc])
    } else if definitionNames.contains(name) {
      context.report(
        "@refetchable's queryName \"\(name)\" must be unique: a definition named \"\(name)\" already exists.",
        [argument.value.loc])
    } else if GraphQLName.problem(name) != nil {
      context.report("@refetchable's queryName \"\(name)\" is not a GraphQL name.", [argument.value.loc])
    }
    queryNames[name] = queryNames[name] ?? fragmentName
    checkConnections(fragment)
    return .continue
  }

  private func checkConnections(_ fragment: FragmentDefinition) {
    var found: [(field: Field, inList: Bool)] = []
    collect(fragment.selectionSet, on: context.schema.type(named: fragment.typeCondition.name.value), inList: false, into: &found)
    let name = fragment.name.value
    if found.count > 1 {
      context.report(
        "Fragment \"\(name)\" is @refetchable and holds \(found.count) @connection fields; it may hold at most one.",
        [fragment.name.loc])
      return
    }
    guard let (field, inList) = found.first else { return }
    if inList {
      context.report(
        "Fragment \"\(name)\" is @refetchable, so its @connection \"\(field.name.value)\" may not be inside a list field.",
        [fragment.name.loc])
    }
    let literal = field.arguments.filter { argument in
      guard ConnectionMetadataNames.pagination.contains(argument.name.value) else { return false }
      if case .variable = argument.value { return false }
      return true
    }
    if !literal.isEmpty {
      let names = literal.map { "\"\($0.name.value)\"" }.joined(separator: ", ")
      context.report(
        "Fragment \"\(name)\" is @refetchable, so its @connection \"\(field.name.value)\" must take variables for \(names), "
          + "which its refetch query pages through.",
        [fragment.name.loc])
    }
  }

  private func collect(
    _ set: SelectionSet, on parent: SchemaType?, inList: Bool, into found: inout [(field: Field, inList: Bool)]
  ) {
    for selection in set.selections {
      switch selection {
      case .field(let field):
        let definition = parent.flatMap { context.schema.field(named: field.name.value, on: $0) }
        if field.directives.contains(where: { $0.name.value == "connection" }) {
          found.append((field, inList))
          continue
        }
        guard let nested = field.selectionSet, let definition else { continue }
        let isList = if case .list = definition.type.nullable { true } else { false }
        collect(nested, on: context.schema.type(named: definition.type.namedType), inList: inList || isList, into: &found)
      case .inlineFragment(let inline):
        let type = inline.typeCondition.flatMap { context.schema.type(named: $0.name.value) } ?? parent
        collect(inline.selectionSet, on: type, inList: inList, into: &found)
      case .fragmentSpread:
        continue
      }
    }
  }
}

/// The arguments a connection pages through.
enum ConnectionMetadataNames {
  static let pagination: Set<String> = ["first", "after", "last", "before"]
}
