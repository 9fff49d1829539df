import GraphQLSyntax

/// Fragment variables are not standard GraphQL, so the text sent has none: as
/// relay-compiler does, each fragment with `@argumentDefinitions` is printed once per
/// distinct set of values its spreads give it, its own variables replaced by those values
/// (a literal, or the operation's variable passed down), under the name
/// `Fragment_<first 8 hex digits of the SHA-256 of the values>`. Fragments without
/// arguments keep their name and text. `@arguments` leaves the spreads; the stripper
/// removes `@argumentDefinitions`.
///
/// A fragment is rewritten from a worklist, not from the spread that reaches it, so a chain
/// of any length of fragments spreading the next takes no stack per fragment.
struct FragmentArgumentInliner {
  let schema: Schema
  let fragments: [String: FragmentDefinition]
  /// The printed fragments so far, by printed name; a pending one still has its own body.
  private(set) var printed: [String: FragmentDefinition] = [:]
  /// Fragments named but not yet rewritten: the printed name, the definition and its scope.
  private var pending: [(name: String, fragment: FragmentDefinition, scope: [String: Value?])] = []

  init(schema: Schema, fragments: [String: FragmentDefinition]) {
    self.schema = schema
    self.fragments = fragments
  }

  /// `operation` and every fragment it reaches as sent, fragments in name order.
  static func definitions(
    of operation: OperationDefinition, fragments: [String: FragmentDefinition], schema: Schema
  ) -> [Definition] {
    var inliner = FragmentArgumentInliner(schema: schema, fragments: fragments)
    var operation = operation
    operation.selectionSet = inliner.rewrite(operation.selectionSet, scope: [:])
    while let next = inliner.pending.popLast() {
      var copy = next.fragment
      copy.name.value = next.name
      copy.selectionSet = inliner.rewrite(next.fragment.selectionSet, scope: next.scope)
      inliner.printed[next.name] = copy
    }
    return [Definition.operation(operation)] + inliner.printed.keys.sorted().compactMap { name in
      inliner.printed[name].map(Definition.fragment)
    }
  }

  /// `set` with the variables of `scope` replaced by their values and each spread pointing
  /// at its printed fragment; `nil` in `scope` is a variable given no value (sent as `null`).
  private mutating func rewrite(_ set: SelectionSet, scope: [String: Value?]) -> SelectionSet {
    var copy = set
    copy.selections = SelectionList(set.selections.map { selection -> Selection in
      switch selection {
      case .field(var field):
        field.arguments = field.arguments.map { Self.substituted($0, scope) }
        field.directives = field.directives.map { Self.substituted($0, scope) }
        field.selectionSet = field.selectionSet.map { rewrite($0, scope: scope) }
        return .field(field)
      case .inlineFragment(var inline):
        inline.directives = inline.directives.map { Self.substituted($0, scope) }
        inline.selectionSet = rewrite(inline.selectionSet, scope: scope)
        return .inlineFragment(inline)
      case .fragmentSpread(var spread):
        let given = spread.directives.first { $0.name.value == FragmentArgumentDefinition.argumentsDirective }
        spread.directives = spread.directives
          .filter { $0.name.value != FragmentArgumentDefinition.argumentsDirective }
          .map { Self.substituted($0, scope) }
        spread.name.value = printFragment(spread.name.value, given: given.map { Self.substituted($0, scope) })
        return .fragmentSpread(spread)
      }
    })
    return copy
  }

  /// Names the fragment `name` for the values `given` (already in the operation's terms),
  /// queues it to be printed once under that name, and returns the name.
  private mutating func printFragment(_ name: String, given: Directive?) -> String {
    guard let fragment = fragments[name] else { return name }
    let definitions = FragmentArgumentDefinition.definitions(of: fragment, schema: schema)
    var scope: [String: Value?] = [:]
    var printedName = name
    if !definitions.isEmpty {
      var key: [String] = []
      for definition in definitions {
        let value = given?.arguments.first { $0.name.value == definition.name }?.value ?? definition.defaultValue
        scope[definition.name] = .some(value)
        key.append("\(definition.name): \(value.map(ValueLiteral.print) ?? "null")")
      }
      printedName = name + "_" + SHA256.hex(key.joined(separator: ", ")).prefix(8)
    }
    if printed[printedName] != nil { return printedName }
    printed[printedName] = fragment  // now, so a cycle or a second spread queues it no more
    pending.append((printedName, fragment, scope))
    return printedName
  }

  private static func substituted(_ argument: Argument, _ scope: [String: Value?]) -> Argument {
    var copy = argument
    copy.value = substituted(argument.value, scope)
    return copy
  }

  private static func substituted(_ directive: Directive, _ scope: [String: Value?]) -> Directive {
    var copy = directive
    copy.arguments = directive.arguments.map { substituted($0, scope) }
    return copy
  }

  private static func substituted(_ value: Value, _ scope: [String: Value?]) -> Value {
    guard !scope.isEmpty, value.hasVariables else { return value }
    switch value {
    case .variable(let variable):
      guard let bound = scope[variable.name.value] else { return value }
      return bound ?? .null(NullValue())
    case .list(var list):
      list.values = list.values.map { substituted($0, scope) }
      return .list(list)
    case .object(var object):
      object.fields = object.fields.map { field in
        var copy = field
        copy.value = substituted(field.value, scope)
        return copy
      }
      return .object(object)
    default:
      return value
    }
  }
}
