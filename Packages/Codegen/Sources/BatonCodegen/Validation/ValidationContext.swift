import GraphQLSyntax

/// What every rule of one validation shares: the schema, the document and its source,
/// the walk's current type information, the errors so far, and caches of what several
/// rules ask about fragments and variables.
///
/// Owned by one `validate` call; not shared across threads.
package final class ValidationContext {
  package let schema: Schema
  package let document: Document
  package let source: Source
  /// The fragment definitions by name (the last of a name wins, as in graphql-core).
  package let fragments: [String: FragmentDefinition]
  /// The type information at the node being walked.
  package internal(set) var typeInfo: TypeInfo
  private(set) var errors: [ValidationError] = []
  private let maxErrors: Int
  private(set) var isAborted = false
  /// Caches keyed by the node's source offset; nodes parsed without locations are not
  /// cached.
  private var spreadsCache: [Int: [FragmentSpread]] = [:]
  private var usagesCache: [String: [VariableUsage]] = [:]

  init(schema: Schema, document: Document, source: Source, maxErrors: Int) {
    self.schema = schema
    self.document = document
    self.source = source
    self.maxErrors = maxErrors
    self.typeInfo = TypeInfo(schema: schema)
    var fragments: [String: FragmentDefinition] = [:]
    for case .fragment(let fragment) in document.definitions {
      fragments[fragment.name.value] = fragment
    }
    self.fragments = fragments
  }

  /// Records an error at the start of each located node. After `maxErrors` errors the
  /// validation is aborted, as graphql-core aborts it, with one final error saying so.
  package func report(_ message: String, _ locations: [Location?]) {
    record(message, locations, isDuplicate: false)
  }

  /// Records a name given twice: `locations` are its first definition, then the repeats.
  package func reportDuplicate(_ message: String, _ locations: [Location?]) {
    record(message, locations, isDuplicate: true)
  }

  private func record(_ message: String, _ locations: [Location?], isDuplicate: Bool) {
    guard !isAborted else { return }
    if errors.count >= maxErrors {
      errors.append(ValidationError(
        "Too many validation errors, error limit reached. Validation aborted."))
      isAborted = true
      return
    }
    errors.append(ValidationError(message, locations: locations.compactMap { $0.map(position) }, isDuplicate: isDuplicate))
  }

  /// Stops the validation with a final error, as graphql-core does when a rule's work
  /// budget runs out.
  package func abort(_ message: String = "Validation aborted.") {
    guard !isAborted else { return }
    errors.append(ValidationError(message))
    isAborted = true
  }

  func position(_ loc: Location) -> DiagnosticLocation { DiagnosticLocation(source, at: loc.start) }

  /// The fragment spreads in a selection set and the sets nested in it (not through
  /// fragments), in graphql-js's order.
  package func fragmentSpreads(_ selectionSet: SelectionSet) -> [FragmentSpread] {
    let key = selectionSet.loc?.start
    if let key, let cached = spreadsCache[key] { return cached }
    var spreads: [FragmentSpread] = []
    var pending = [selectionSet]
    while let set = pending.popLast() {
      for selection in set.selections {
        switch selection {
        case .fragmentSpread(let spread): spreads.append(spread)
        case .field(let field): if let nested = field.selectionSet { pending.append(nested) }
        case .inlineFragment(let fragment): pending.append(fragment.selectionSet)
        }
      }
    }
    if let key { spreadsCache[key] = spreads }
    return spreads
  }

  /// Every fragment an operation reaches through spreads, each once, breadth first.
  package func recursivelyReferencedFragments(_ operation: OperationDefinition) -> [FragmentDefinition] {
    recursivelyReferencedFragments(of: [operation.selectionSet])
  }

  func recursivelyReferencedFragments(of selectionSets: [SelectionSet]) -> [FragmentDefinition] {
    var result: [FragmentDefinition] = []
    var collected: Set<String> = []
    var names: [String] = []
    for set in selectionSets {
      for spread in fragmentSpreads(set) where collected.insert(spread.name.value).inserted {
        names.append(spread.name.value)
      }
    }
    var cursor = 0
    while cursor < names.count {
      let name = names[cursor]
      cursor += 1
      guard let fragment = fragments[name] else { continue }
      result.append(fragment)
      for spread in fragmentSpreads(fragment.selectionSet)
      where collected.insert(spread.name.value).inserted {
        names.append(spread.name.value)
      }
    }
    return result
  }

  /// The variables used in a definition (not through fragments), with the input types
  /// where they are used.
  func variableUsages(_ definition: ExecutableDefinitionKey, walk: () -> [VariableUsage]) -> [VariableUsage] {
    let key = definition.cacheKey
    if let key, let cached = usagesCache[key] { return cached }
    let usages = walk()
    if let key { usagesCache[key] = usages }
    return usages
  }

  /// The variables used in an operation and every fragment it reaches.
  package func recursiveVariableUsages(_ operation: OperationDefinition) -> [VariableUsage] {
    var usages = variableUsages(operation)
    for fragment in recursivelyReferencedFragments(operation) {
      usages += variableUsages(fragment)
    }
    return usages
  }

  package func variableUsages(_ operation: OperationDefinition) -> [VariableUsage] {
    variableUsages(.operation(operation)) {
      VariableUsageCollector.collect(operation: operation, schema: schema)
    }
  }

  /// A fragment's own `@argumentDefinitions` variables are not the operation's: they are
  /// left out here and checked by `FragmentArgumentsRule`.
  package func variableUsages(_ fragment: FragmentDefinition) -> [VariableUsage] {
    let usages = allVariableUsages(fragment)
    let locals = FragmentArgumentDefinition.names(of: fragment)
    return locals.isEmpty ? usages : usages.filter { !locals.contains($0.variable.name.value) }
  }

  /// The variables a fragment uses, its own `@argumentDefinitions` included.
  package func allVariableUsages(_ fragment: FragmentDefinition) -> [VariableUsage] {
    variableUsages(.fragment(fragment)) {
      VariableUsageCollector.collect(fragment: fragment, schema: schema)
    }
  }
}

/// An operation or fragment, as the key of the usage cache.
enum ExecutableDefinitionKey {
  case operation(OperationDefinition)
  case fragment(FragmentDefinition)

  var cacheKey: String? {
    switch self {
    case .operation(let operation): operation.loc.map { "o\($0.start)" }
    case .fragment(let fragment): fragment.loc.map { "f\($0.start)" }
    }
  }
}
