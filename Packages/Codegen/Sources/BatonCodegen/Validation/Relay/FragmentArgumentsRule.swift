import GraphQLSyntax

/// Relay's fragment variables (relay-compiler's `build_fragment_signature` and
/// `build_fragment_spread`): each of `@argumentDefinitions`' arguments is an object with a
/// string `type` naming an input type and an optional constant `defaultValue` of that type;
/// a spread's `@arguments` names only defined arguments, gives literals of their types, and
/// gives every non-null argument without a default; each defined variable is used, where
/// its type fits. Errors stand where Relay puts them: the definition's value or key, the
/// spread (or the parenthesis of its `@arguments`) for a missing argument, the argument
/// for an unknown one.
/// Values given as variables are not type-checked, as in Relay.
package final class FragmentArgumentsRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterFragmentDefinition(_ fragment: FragmentDefinition) -> VisitAction {
    guard fragment.directives.contains(where: { $0.name.value == FragmentArgumentDefinition.definitionsDirective })
    else { return .continue }
    let definitions = FragmentArgumentDefinition.definitions(of: fragment, schema: context.schema, report: context.report)
    let usages = context.allVariableUsages(fragment)
    for definition in definitions {
      let uses = usages.filter { $0.variable.name.value == definition.name }
      if uses.isEmpty {
        context.report(
          "Variable \"$\(definition.name)\" of @argumentDefinitions is never used in fragment \"\(fragment.name.value)\".",
          [definition.loc])
      }
      for use in uses {
        guard let locationType = use.type, !fits(definition, in: locationType, hasDefault: use.hasDefaultValue) else {
          continue
        }
        context.report(
          "Variable '$\(definition.name)' of type '\(definition.type)' used in position expecting type '\(locationType)'.",
          [definition.loc, use.variable.loc])
      }
    }
    checkShadowing(fragment, locals: Set(definitions.map(\.name)))
    return .continue
  }

  /// At runtime a fragment spread below this one sees this one's variables where Relay gives
  /// it the operation's (see Documentation/Pagination.md): a fragment below that uses an
  /// operation variable named like one of this fragment's is an error rather than a
  /// silently different value.
  private func checkShadowing(_ fragment: FragmentDefinition, locals: Set<String>) {
    guard !locals.isEmpty else { return }
    for below in context.recursivelyReferencedFragments(of: [fragment.selectionSet])
    where below.name.value != fragment.name.value {
      for usage in context.variableUsages(below) where locals.contains(usage.variable.name.value) {
        context.report(
          "Fragment '\(below.name.value)' uses the operation variable '$\(usage.variable.name.value)', which fragment "
            + "'\(fragment.name.value)' above it defines in @argumentDefinitions; it would read that fragment's value. "
            + "Rename one of them.",
          [usage.variable.loc])
      }
    }
  }

  /// One fragment spread twice in a selection set with different `@arguments` would be
  /// sent as two copies selecting one response key with different arguments, which cannot
  /// merge (relay-compiler rejects it too).
  package func enterSelectionSet(_ selectionSet: SelectionSet) -> VisitAction {
    var seen: [String: (arguments: String, spread: FragmentSpread)] = [:]
    for case .fragmentSpread(let spread) in selectionSet.selections {
      let given = spread.directives.first { $0.name.value == FragmentArgumentDefinition.argumentsDirective }
      let printed = (given?.arguments ?? []).map { "\($0.name.value): \(ValueLiteral.print($0.value))" }.sorted()
        .joined(separator: ", ")
      guard let first = seen[spread.name.value] else {
        seen[spread.name.value] = (printed, spread)
        continue
      }
      if first.arguments != printed {
        context.report(
          "Fragment '\(spread.name.value)' is spread twice here with different @arguments; "
            + "spread it under fields with different aliases instead.",
          [first.spread.loc, spread.loc])
      }
    }
    return .continue
  }

  package func enterFragmentSpread(_ spread: FragmentSpread) -> VisitAction {
    let argumentDirectives = spread.directives.filter { $0.name.value == FragmentArgumentDefinition.argumentsDirective }
    guard let fragment = context.fragments[spread.name.value] else { return .continue }
    let definitions = FragmentArgumentDefinition.definitions(of: fragment, schema: context.schema)
    let defined = FragmentArgumentDefinition.names(of: fragment)
    guard let directive = argumentDirectives.first else {
      for definition in definitions where definition.isRequired {
        context.report(missing(definition, fragment: spread.name.value), [spread.loc, definition.loc])
      }
      return .continue
    }
    let given = Set(directive.arguments.map(\.name.value))
    for definition in definitions where definition.isRequired && !given.contains(definition.name) {
      context.report(missing(definition, fragment: spread.name.value), [argumentList(of: directive), definition.loc])
    }
    for argument in directive.arguments {
      guard defined.contains(argument.name.value) else {
        let suggestions = Suggestions.list(argument.name.value, Array(defined).sorted())
        let reason = defined.isEmpty ? " (it has no @argumentDefinitions)" : ""
        context.report(
          "Unknown argument '\(argument.name.value)' of fragment '\(spread.name.value)'\(reason)."
            + Suggestions.didYouMean(suggestions),
          [argument.loc])
        continue
      }
      guard let definition = definitions.first(where: { $0.name == argument.name.value }) else { continue }
      LiteralValidator(schema: context.schema, report: context.report).validate(argument.value, definition.type)
    }
    return .continue
  }

  /// Where `@arguments(`'s parenthesis is, which relay-compiler points at for a missing
  /// argument; the directive's start when there is none.
  private func argumentList(of directive: Directive) -> Location? {
    guard let name = directive.name.loc else { return directive.loc }
    let bytes = context.source.bytes
    var offset = name.end
    while offset < bytes.count, bytes[offset] != UInt8(ascii: "(") {
      guard [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ",")]
        .contains(bytes[offset]) else { return directive.loc }
      offset += 1
    }
    return offset < bytes.count ? Location(start: offset, end: offset + 1) : directive.loc
  }

  private func missing(_ definition: FragmentArgumentDefinition, fragment: String) -> String {
    "Fragment '\(fragment)' requires the argument '\(definition.name): \(definition.type)', "
      + "which this spread does not give in @arguments."
  }

  /// A variable of `definition`'s type, with its default, may stand where `locationType` is
  /// expected (spec §5.8.5, as for an operation's variables).
  private func fits(_ definition: FragmentArgumentDefinition, in locationType: SchemaTypeReference, hasDefault: Bool) -> Bool {
    let comparator = TypeComparator(schema: context.schema)
    if case .nonNull(let nullableLocation) = locationType, !definition.type.isNonNull {
      var hasNonNullDefault = false
      if let value = definition.defaultValue, case .null = value {} else if definition.defaultValue != nil {
        hasNonNullDefault = true
      }
      if !hasNonNullDefault && !hasDefault { return false }
      return comparator.isSubType(definition.type, of: nullableLocation)
    }
    return comparator.isSubType(definition.type, of: locationType)
  }
}
