import GraphQLSyntax

/// One of a fragment's `@argumentDefinitions(name: {type: "Int", defaultValue: 10})`:
/// Relay's fragment variables, a variable of the fragment's own that each spread sets with
/// `@arguments(name: ...)`.
struct FragmentArgumentDefinition: Sendable {
  static let definitionsDirective = "argumentDefinitions"
  static let argumentsDirective = "arguments"
  static let keys: Set<String> = ["type", "defaultValue"]

  var name: String
  var type: SchemaTypeReference
  var defaultValue: Value?
  /// The argument of `@argumentDefinitions` that defines it.
  var loc: Location?

  /// Non-null without a default: every spread must give a value.
  var isRequired: Bool { type.isNonNull && defaultValue == nil }

  /// The names `@argumentDefinitions` defines, read or not: what is local to the fragment.
  static func names(of fragment: FragmentDefinition) -> Set<String> {
    guard let directive = fragment.directives.first(where: { $0.name.value == definitionsDirective }) else { return [] }
    return Set(directive.arguments.map(\.name.value))
  }

  /// The definitions of `fragment` that can be read, in the directive's order; `report` is
  /// told of each one that cannot (its message and where, as relay-compiler places it).
  static func definitions(
    of fragment: FragmentDefinition, schema: Schema, report: @escaping (String, [Location?]) -> Void = { _, _ in }
  ) -> [FragmentArgumentDefinition] {
    guard let directive = fragment.directives.first(where: { $0.name.value == definitionsDirective }) else { return [] }
    return directive.arguments.compactMap { definition(of: $0, fragment: fragment.name.value, schema: schema, report: report) }
  }

  private static func definition(
    of argument: Argument, fragment: String, schema: Schema, report: @escaping (String, [Location?]) -> Void
  ) -> FragmentArgumentDefinition? {
    let name = argument.name.value
    let prefix = "@argumentDefinitions of fragment \"\(fragment)\": \"\(name)\""
    guard case .object(let object) = argument.value else {
      report("\(prefix) must be an object such as {type: \"Int\", defaultValue: 10}.", [argument.value.loc])
      return nil
    }
    let unknown = object.fields.filter { !keys.contains($0.name.value) }
    for field in unknown {
      report("\(prefix) has the key \"\(field.name.value)\"; only \"type\" and \"defaultValue\" are allowed.", [field.loc])
    }
    if !unknown.isEmpty { return nil }
    let typeField = object.fields.first { $0.name.value == "type" }
    let typeText: String? = switch typeField?.value {
    case .string(let string)?: string.value
    case .enumValue(let value)?: value.value
    default: nil
    }
    guard let typeText else {
      report("\(prefix) must name its type with a string literal, e.g. type: \"Int!\".", [typeField?.loc ?? object.loc])
      return nil
    }
    let typeNode: GraphQLSyntax.TypeReference
    do {
      typeNode = try parseType(Source(typeText, name: "type"))
    } catch {
      report("\(prefix) has the type \"\(typeText)\", which is not a GraphQL type: \(error.message)", [typeField?.value.loc])
      return nil
    }
    let type = SDLTypeBuilder.typeReference(typeNode)
    guard let named = schema.type(named: type.namedType) else {
      report("Unknown type '\(type.namedType)'.", [typeField?.value.loc])
      return nil
    }
    guard named.kind.isInput else {
      report("\(prefix) has the type \"\(type)\", which is not an input type.", [argument.value.loc])
      return nil
    }
    let defaultValue = object.fields.first { $0.name.value == "defaultValue" }?.value
    if let defaultValue {
      if defaultValue.hasVariables {
        report("\(prefix) must have a constant defaultValue, not a variable.", [defaultValue.loc])
        return nil
      }
      var invalid = false
      LiteralValidator(schema: schema) { message, locations in
        invalid = true
        report(message, locations)
      }.validate(defaultValue, type)
      if invalid { return nil }
    }
    return FragmentArgumentDefinition(name: name, type: type, defaultValue: defaultValue, loc: argument.loc)
  }
}
