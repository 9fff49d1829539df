import GraphQLSyntax

/// The definitions every schema has without declaring them: the specified scalars and
/// directives, the introspection types, and Relay's client-side directives with the enums
/// their arguments use. Built once; immutable.
struct BuiltinDefinitions: Sendable {
  static let shared = BuiltinDefinitions()

  static let defaultDeprecationReason = "No longer supported"
  static let specifiedScalarNames: Set<String> = ["Int", "Float", "String", "Boolean", "ID"]
  static let introspectionTypeNames: Set<String> = [
    "__Schema", "__Type", "__TypeKind", "__Field", "__InputValue", "__EnumValue",
    "__Directive", "__DirectiveLocation",
  ]
  /// Names SDL printing leaves out: graphql-core's `GraphQLNamedType.reserved_types`.
  static let reservedTypeNames = specifiedScalarNames.union(introspectionTypeNames)
  static let specifiedDirectiveNames: Set<String> = [
    "include", "skip", "deprecated", "specifiedBy", "oneOf",
  ]

  static let typenameField = SchemaField(name: "__typename", type: .nonNull(.named("String")))
  static let schemaField = SchemaField(name: "__schema", type: .nonNull(.named("__Schema")))
  static let typeField = SchemaField(
    name: "__type", arguments: [SchemaInputValue(name: "name", type: .nonNull(.named("String")))],
    type: .named("__Type"))

  /// Specified scalars and introspection types by name.
  let types: [String: SchemaType]
  let specifiedDirectives: [SchemaDirective]
  /// Relay's directives, known to validation but not printed.
  let clientDirectives: [SchemaDirective]
  /// The enums of Relay's directive arguments, and `Int` for `levels`, by name.
  let clientTypes: [String: SchemaType]

  private init() {
    var types: [String: SchemaType] = [:]
    for name in Self.specifiedScalarNames { types[name] = SchemaType(kind: .scalar, name: name) }
    for type in Self.introspectionTypes() { types[type.name] = type }
    self.types = types
    self.specifiedDirectives = Self.makeSpecifiedDirectives()
    self.clientDirectives = Self.makeRelayDirectives()
    var clientTypes: [String: SchemaType] = [:]
    clientTypes["RequiredFieldAction"] = Self.enumeration("RequiredFieldAction", ["NONE", "LOG", "THROW"])
    clientTypes["CatchFieldTo"] = Self.enumeration("CatchFieldTo", ["NULL", "RESULT"])
    clientTypes["Int"] = SchemaType(kind: .scalar, name: "Int")
    clientTypes["String"] = SchemaType(kind: .scalar, name: "String")
    clientTypes["ID"] = SchemaType(kind: .scalar, name: "ID")
    self.clientTypes = clientTypes
  }

  private static func makeSpecifiedDirectives() -> [SchemaDirective] {
    let conditional: [DirectiveLocation] = [.field, .fragmentSpread, .inlineFragment]
    return [
      SchemaDirective(
        name: "include", arguments: [argument("if", "Boolean!")], locations: conditional),
      SchemaDirective(
        name: "skip", arguments: [argument("if", "Boolean!")], locations: conditional),
      SchemaDirective(
        name: "deprecated",
        arguments: [argument("reason", "String!", default: "\"\(defaultDeprecationReason)\"")],
        locations: [
          .fieldDefinition, .argumentDefinition, .inputFieldDefinition, .enumValue,
          .directiveDefinition,
        ]),
      SchemaDirective(
        name: "specifiedBy", arguments: [argument("url", "String!")], locations: [.scalar]),
      SchemaDirective(name: "oneOf", locations: [.inputObject]),
    ]
  }

  /// Relay's directives, as relay-compiler declares them.
  private static func makeRelayDirectives() -> [SchemaDirective] {
    [
      SchemaDirective(
        name: "required", arguments: [argument("action", "RequiredFieldAction!")],
        locations: [.field]),
      SchemaDirective(
        name: "catch", arguments: [argument("to", "CatchFieldTo!", default: "RESULT")],
        locations: [.field, .fragmentDefinition, .query, .mutation, .inlineFragment]),
      SchemaDirective(
        name: "throwOnFieldError", locations: [.query, .fragmentDefinition]),
      SchemaDirective(
        name: "alias", arguments: [argument("as", "String")],
        locations: [.fragmentSpread, .inlineFragment]),
      SchemaDirective(
        name: "semanticNonNull", arguments: [argument("levels", "[Int]", default: "[0]")],
        locations: [.fieldDefinition]),
      SchemaDirective(
        name: "semanticNonNullField",
        arguments: [argument("name", "String!"), argument("levels", "[Int]", default: "[0]")],
        isRepeatable: true, locations: [.object, .interface]),
      // Apollo's cache redirect: `keyArgs` names the field's arguments that make the key of
      // the record the field resolves to.
      SchemaDirective(
        name: "fieldPolicy", arguments: [argument("forField", "String!"), argument("keyArgs", "String!")],
        isRepeatable: true, locations: [.object, .interface]),
      // Max ages in the store: `@maxAge` for every field of a type's records,
      // `@maxAgeField` for one field (it wins over its type's).
      SchemaDirective(
        name: "maxAge", arguments: [argument("seconds", "Int!")], locations: [.object, .interface]),
      SchemaDirective(
        name: "maxAgeField", arguments: [argument("name", "String!"), argument("seconds", "Int!")],
        isRepeatable: true, locations: [.object, .interface]),
      SchemaDirective(
        name: "connection", arguments: [argument("key", "String!"), argument("filters", "[String]")],
        locations: [.field]),
      SchemaDirective(name: "appendEdge", arguments: [argument("connections", "[ID!]!")], locations: [.field]),
      SchemaDirective(name: "prependEdge", arguments: [argument("connections", "[ID!]!")], locations: [.field]),
      SchemaDirective(
        name: "appendNode", arguments: [argument("connections", "[ID!]!"), argument("edgeTypeName", "String!")],
        locations: [.field]),
      SchemaDirective(
        name: "prependNode", arguments: [argument("connections", "[ID!]!"), argument("edgeTypeName", "String!")],
        locations: [.field]),
      SchemaDirective(name: "argumentDefinitions", locations: [.fragmentDefinition], acceptsAnyArguments: true),
      SchemaDirective(name: "arguments", locations: [.fragmentSpread], acceptsAnyArguments: true),
      SchemaDirective(
        name: "refetchable", arguments: [argument("queryName", "String!")], locations: [.fragmentDefinition]),
      // Relay's: the fragment also gets a generated view that writes its fields.
      SchemaDirective(name: "updatable", locations: [.fragmentDefinition]),
      SchemaDirective(name: "deleteEdge", arguments: [argument("connections", "[ID!]!")], locations: [.field]),
      // `typename` is Baton's: with ids unique per type only, it names the record `Typename:id`.
      SchemaDirective(name: "deleteRecord", arguments: [argument("typename", "String")], locations: [.field]),
    ]
  }

  private static func introspectionTypes() -> [SchemaType] {
    let includeDeprecated = argument("includeDeprecated", "Boolean!", default: "false")
    return [
      object("__Schema", [
        ("description", "String", []), ("types", "[__Type!]!", []),
        ("queryType", "__Type!", []), ("mutationType", "__Type", []),
        ("subscriptionType", "__Type", []),
        ("directives", "[__Directive!]!", [includeDeprecated]),
      ]),
      object("__Type", [
        ("kind", "__TypeKind!", []), ("name", "String", []), ("description", "String", []),
        ("specifiedByURL", "String", []), ("fields", "[__Field!]", [includeDeprecated]),
        ("interfaces", "[__Type!]", []), ("possibleTypes", "[__Type!]", []),
        ("enumValues", "[__EnumValue!]", [includeDeprecated]),
        ("inputFields", "[__InputValue!]", [includeDeprecated]), ("ofType", "__Type", []),
        ("isOneOf", "Boolean", []),
      ]),
      enumeration("__TypeKind", TypeKind.allCases.map(\.rawValue) + ["LIST", "NON_NULL"]),
      object("__Field", [
        ("name", "String!", []), ("description", "String", []),
        ("args", "[__InputValue!]!", [includeDeprecated]), ("type", "__Type!", []),
        ("isDeprecated", "Boolean!", []), ("deprecationReason", "String", []),
      ]),
      object("__InputValue", [
        ("name", "String!", []), ("description", "String", []), ("type", "__Type!", []),
        ("defaultValue", "String", []), ("isDeprecated", "Boolean!", []),
        ("deprecationReason", "String", []),
      ]),
      object("__EnumValue", [
        ("name", "String!", []), ("description", "String", []),
        ("isDeprecated", "Boolean!", []), ("deprecationReason", "String", []),
      ]),
      object("__Directive", [
        ("name", "String!", []), ("description", "String", []),
        ("isRepeatable", "Boolean!", []), ("locations", "[__DirectiveLocation!]!", []),
        ("args", "[__InputValue!]!", [includeDeprecated]), ("isDeprecated", "Boolean!", []),
        ("deprecationReason", "String", []),
      ]),
      enumeration("__DirectiveLocation", DirectiveLocation.allCases.map(\.rawValue)),
    ]
  }

  private static func object(
    _ name: String, _ fields: [(String, String, [SchemaInputValue])]
  ) -> SchemaType {
    SchemaType(
      kind: .object, name: name,
      fields: fields.map { field in
        SchemaField(name: field.0, arguments: field.2, type: typeReference(field.1))
      })
  }

  private static func enumeration(_ name: String, _ values: [String]) -> SchemaType {
    SchemaType(kind: .enumeration, name: name, enumValues: values.map { SchemaEnumValue(name: $0) })
  }

  private static func argument(_ name: String, _ type: String, default value: String? = nil) -> SchemaInputValue {
    SchemaInputValue(name: name, type: typeReference(type), defaultValue: value)
  }

  /// `[__Type!]!` to a reference; only for the fixed spellings above.
  private static func typeReference(_ text: String) -> SchemaTypeReference {
    if text.hasSuffix("!") { return .nonNull(typeReference(String(text.dropLast()))) }
    if text.hasPrefix("["), text.hasSuffix("]") {
      return .list(typeReference(String(text.dropFirst().dropLast())))
    }
    return .named(text)
  }
}
