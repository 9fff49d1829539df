/// A GraphQL schema: its named types, directives and root operation types, with the
/// lookups validation needs precomputed.
///
/// Built by `IntrospectionSchemaBuilder` or `SDLSchemaBuilder`. The type map holds the
/// given types in order, then the built-in scalars and introspection types they (and
/// `__Schema`) reach, as graphql-core orders them; Relay's client-side directives and
/// enums are known to lookups but are not part of the printed schema.
///
/// - Complexity: building is O(types + fields); `type(named:)`, `isPossibleType` and
///   `possibleTypes(of:)` are O(1).
public struct Schema: Sendable {
  public var description: String?
  public let queryTypeName: String?
  public let mutationTypeName: String?
  public let subscriptionTypeName: String?
  /// The schema's types in type-map order, built-in ones included.
  public let types: [SchemaType]
  /// The directives in definition order: the specified ones first, then the schema's own.
  public let directives: [SchemaDirective]
  private let typeIndex: [String: Int]
  private let clientTypes: [String: SchemaType]
  private let directiveIndex: [String: Int]
  private let possibleTypeNames: [String: [String]]
  private let possibleTypeSets: [String: Set<String>]
  private let subTypeSets: [String: Set<String>]
  private let declaredDirectiveNames: Set<String>

  /// Builds a schema from its own types and directives. `directives` are the schema's own
  /// (declared) directives; the specified and Relay directives are added unless the schema
  /// declares one of the same name.
  public init(
    description: String? = nil, queryTypeName: String?, mutationTypeName: String?,
    subscriptionTypeName: String?, types: [SchemaType], directives: [SchemaDirective]
  ) {
    self.description = description
    self.queryTypeName = queryTypeName
    self.mutationTypeName = mutationTypeName
    self.subscriptionTypeName = subscriptionTypeName
    let builtins = BuiltinDefinitions.shared
    let declared = Set(directives.map(\.name))
    self.declaredDirectiveNames = declared
    let allDirectives =
      builtins.specifiedDirectives.filter { !declared.contains($0.name) } + directives
    let ordered = Self.typeMapOrder(
      types: types, directives: allDirectives, builtins: builtins.types)
    self.types = ordered
    var typeIndex: [String: Int] = [:]
    for (index, type) in ordered.enumerated() where typeIndex[type.name] == nil {
      typeIndex[type.name] = index
    }
    self.typeIndex = typeIndex
    self.clientTypes = builtins.clientTypes.filter { typeIndex[$0.key] == nil }
    let clientDirectives = builtins.clientDirectives.filter { !declared.contains($0.name) }
    self.directives = allDirectives + clientDirectives
    var directiveIndex: [String: Int] = [:]
    for (index, directive) in self.directives.enumerated()
    where directiveIndex[directive.name] == nil {
      directiveIndex[directive.name] = index
    }
    self.directiveIndex = directiveIndex

    var possible: [String: [String]] = [:]
    var subTypes: [String: Set<String>] = [:]
    for type in ordered {
      switch type.kind {
      case .union:
        possible[type.name] = type.unionMembers
        subTypes[type.name, default: []].formUnion(type.unionMembers)
      case .object:
        for interface in type.interfaces {
          possible[interface, default: []].append(type.name)
          subTypes[interface, default: []].insert(type.name)
        }
      case .interface:
        for interface in type.interfaces { subTypes[interface, default: []].insert(type.name) }
      default:
        break
      }
    }
    self.possibleTypeNames = possible
    self.possibleTypeSets = possible.mapValues { Set($0) }
    self.subTypeSets = subTypes
  }

  /// The named type called `name`, including built-in and Relay client-side types.
  public func type(named name: String) -> SchemaType? {
    if let index = typeIndex[name] { return types[index] }
    return clientTypes[name]
  }

  /// The directive called `name`.
  public func directive(named name: String) -> SchemaDirective? {
    directiveIndex[name].map { directives[$0] }
  }

  public var queryType: SchemaType? { queryTypeName.flatMap { type(named: $0) } }
  public var mutationType: SchemaType? { mutationTypeName.flatMap { type(named: $0) } }
  public var subscriptionType: SchemaType? { subscriptionTypeName.flatMap { type(named: $0) } }

  /// The object types a value of the abstract type `name` may have; for an object type,
  /// itself.
  public func possibleTypes(of name: String) -> [String] {
    if let names = possibleTypeNames[name] { return names }
    if let type = type(named: name), type.kind == .object { return [name] }
    return []
  }

  /// Whether `objectName` is one of the possible object types of `abstractName`.
  public func isPossibleType(_ objectName: String, of abstractName: String) -> Bool {
    possibleTypeSets[abstractName]?.contains(objectName) ?? false
  }

  /// Whether `subName` is a member of the union or an implementation (object or
  /// interface) of the interface `abstractName`.
  public func isSubType(_ subName: String, of abstractName: String) -> Bool {
    subTypeSets[abstractName]?.contains(subName) ?? false
  }

  /// The types the schema defines itself, without built-in scalars and introspection
  /// types: what SDL printing shows.
  public var definedTypes: [SchemaType] {
    types.filter { !BuiltinDefinitions.reservedTypeNames.contains($0.name) }
  }

  /// The directives SDL printing shows: neither specified nor Relay's client-side ones.
  public var definedDirectives: [SchemaDirective] {
    directives.filter { directive in
      declaredDirectiveNames.contains(directive.name)
        && !BuiltinDefinitions.specifiedDirectiveNames.contains(directive.name)
    }
  }

  /// The given types in order, then the built-in types they, the directives' arguments
  /// and `__Schema` reach, each once.
  private static func typeMapOrder(
    types: [SchemaType], directives: [SchemaDirective], builtins: [String: SchemaType]
  ) -> [SchemaType] {
    var result = types
    var seen = Set(types.map(\.name))
    var pending: [String] = []
    func referencedNames(_ type: SchemaType) -> [String] {
      type.interfaces + type.unionMembers
        + type.fields.flatMap { [$0.type.namedType] + $0.arguments.map(\.type.namedType) }
        + type.inputFields.map(\.type.namedType)
    }
    for type in types { pending.append(contentsOf: referencedNames(type)) }
    pending.append(contentsOf: directives.flatMap { $0.arguments.map(\.type.namedType) })
    pending.append("__Schema")
    var cursor = 0
    while cursor < pending.count {
      let name = pending[cursor]
      cursor += 1
      guard !seen.contains(name), let builtin = builtins[name] else { continue }
      seen.insert(name)
      result.append(builtin)
      pending.append(contentsOf: referencedNames(builtin))
    }
    return result
  }
}
