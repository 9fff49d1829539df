import GraphQLSyntax

/// The SDL rules graphql-core runs before building a schema (`specified_sdl_rules`), over
/// all files at once: unique names of types, fields, arguments, enum values, directives
/// and operation types; known types and directives; directives used where allowed, once
/// unless repeatable, with known and required arguments; extensions of defined types.
struct SDLValidator {
  let definitions: SDLDefinitions
  var errors: [SchemaError] = []
  /// Directive definitions by name: the specified ones, Relay's, and the declared ones
  /// (the last declaration wins, as in graphql-core).
  var directives: [String: SchemaDirective] = [:]
  var typeKinds: [String: TypeKind] = [:]

  static func validate(_ definitions: SDLDefinitions) -> [SchemaError] {
    var validator = SDLValidator(definitions: definitions)
    validator.run()
    return validator.errors
  }

  private init(definitions: SDLDefinitions) {
    self.definitions = definitions
    let builtins = BuiltinDefinitions.shared
    for directive in builtins.specifiedDirectives + builtins.clientDirectives {
      directives[directive.name] = directive
    }
    for located in definitions.directiveDefinitions {
      directives[located.node.name.value] = SDLTypeBuilder.directiveDefinition(located)
    }
    for name in BuiltinDefinitions.reservedTypeNames {
      typeKinds[name] = builtins.types[name]?.kind
    }
    for (name, type) in builtins.clientTypes { typeKinds[name] = type.kind }
    for located in definitions.typeDefinitions {
      if let name = located.node.typeName, let kind = located.node.typeKind {
        typeKinds[name.value] = typeKinds[name.value] ?? kind
      }
    }
    for (name, kind) in builtins.clientTypes.mapValues(\.kind) where typeKinds[name] == nil {
      typeKinds[name] = kind
    }
  }

  mutating func report(_ message: String, _ locations: [DiagnosticLocation?]) {
    errors.append(SchemaError(message, locations: locations.compactMap { $0 }))
  }

  /// Reports a name defined more than once: `locations` are its first definition, then the repeats.
  mutating func reportDuplicate(_ message: String, _ locations: [DiagnosticLocation?]) {
    errors.append(SchemaError(message, locations: locations.compactMap { $0 }, isDuplicate: true))
  }

  private mutating func run() {
    for located in definitions.executableDefinitions {
      report(
        "A schema file may hold only type-system definitions, not operations or fragments.",
        [located.location(located.node.loc)])
    }
    checkSchemaDefinitions()
    checkTypeNames()
    checkMembers()
    checkDirectiveDefinitions()
    checkExtensions()
    checkTypeReferences()
    checkDirectiveUses()
    checkFieldNames()
  }

  private mutating func checkSchemaDefinitions() {
    for extra in definitions.schemaDefinitions.dropFirst() {
      report("Must provide only one schema definition.", [extra.location(extra.node.loc)])
    }
    var seen: [OperationType: DiagnosticLocation?] = [:]
    let operationTypes =
      definitions.schemaDefinitions.flatMap { located in
        located.node.operationTypes.map { ($0, located.document) }
      }
      + definitions.schemaExtensions.flatMap { located in
        located.node.operationTypes.map { ($0, located.document) }
      }
    for (operationType, document) in operationTypes {
      let location = document.location(operationType.loc)
      if let first = seen[operationType.operation] {
        reportDuplicate("There can be only one \(operationType.operation.rawValue) type in schema.", [first, location])
      } else {
        seen[operationType.operation] = location
      }
    }
  }

  private mutating func checkTypeNames() {
    var seen: [String: DiagnosticLocation?] = [:]
    for located in definitions.typeDefinitions {
      guard let name = located.node.typeName else { continue }
      let location = located.location(name.loc)
      if let first = seen[name.value] {
        reportDuplicate("There can be only one type named '\(name.value)'.", [first, location])
      } else {
        seen[name.value] = location
      }
    }
    var seenDirectives: [String: DiagnosticLocation?] = [:]
    for located in definitions.directiveDefinitions {
      let name = located.node.name
      let location = located.location(name.loc)
      if let first = seenDirectives[name.value] {
        reportDuplicate("There can be only one directive named '@\(name.value)'.", [first, location])
      } else {
        seenDirectives[name.value] = location
      }
    }
  }

  /// Fields, input fields, enum values and arguments, unique across a type's definition
  /// and extensions.
  private mutating func checkMembers() {
    var fields: [String: [String: DiagnosticLocation?]] = [:]
    var values: [String: [String: DiagnosticLocation?]] = [:]
    for located in definitions.typeDefinitions + definitions.typeExtensions {
      guard let typeName = located.node.typeName?.value else { continue }
      for field in located.node.fieldDefinitions {
        let location = located.location(field.name.loc)
        if let first = fields[typeName]?[field.name.value] {
          reportDuplicate("Field '\(typeName).\(field.name.value)' can only be defined once.", [first, location])
        } else {
          fields[typeName, default: [:]][field.name.value] = location
        }
        checkArgumentDefinitions(field.arguments, owner: "\(typeName).\(field.name.value)", in: located.document)
      }
      for field in located.node.inputFieldDefinitions {
        let location = located.location(field.name.loc)
        if let first = fields[typeName]?[field.name.value] {
          reportDuplicate("Field '\(typeName).\(field.name.value)' can only be defined once.", [first, location])
        } else {
          fields[typeName, default: [:]][field.name.value] = location
        }
      }
      for value in located.node.enumValueDefinitions {
        let location = located.location(value.name.loc)
        if let first = values[typeName]?[value.name.value] {
          reportDuplicate("Enum value '\(typeName).\(value.name.value)' can only be defined once.", [first, location])
        } else {
          values[typeName, default: [:]][value.name.value] = location
        }
      }
    }
  }

  private mutating func checkDirectiveDefinitions() {
    for located in definitions.directiveDefinitions {
      checkArgumentDefinitions(
        located.node.arguments, owner: "@\(located.node.name.value)", in: located.document)
    }
  }

  private mutating func checkArgumentDefinitions(
    _ arguments: [GraphQLSyntax.InputValueDefinition], owner: String, in document: SDLDocument
  ) {
    var groups: [String: [DiagnosticLocation?]] = [:]
    var order: [String] = []
    for argument in arguments {
      if groups[argument.name.value] == nil { order.append(argument.name.value) }
      groups[argument.name.value, default: []].append(document.location(argument.name.loc))
    }
    for name in order where (groups[name]?.count ?? 0) > 1 {
      reportDuplicate("Argument '\(owner)(\(name):)' can only be defined once.", groups[name] ?? [])
    }
  }

  private mutating func checkExtensions() {
    var definitionsByName: [String: Located<Definition>] = [:]
    for located in definitions.typeDefinitions {
      if let name = located.node.typeName?.value, definitionsByName[name] == nil {
        definitionsByName[name] = located
      }
    }
    for located in definitions.typeExtensions {
      guard let name = located.node.typeName, let kind = located.node.typeKind else { continue }
      if let definition = definitionsByName[name.value] {
        if definition.node.typeKind != kind {
          report(
            "Cannot extend non-\(Self.kindWord(kind)) type '\(name.value)'.",
            [definition.location(definition.node.loc), located.location(located.node.loc)])
        }
      } else if let builtinKind = typeKinds[name.value],
        BuiltinDefinitions.reservedTypeNames.contains(name.value)
      {
        if builtinKind != kind {
          report("Cannot extend non-\(Self.kindWord(kind)) type '\(name.value)'.", [located.location(located.node.loc)])
        }
      } else {
        let suggestions = Suggestions.list(name.value, definitionsByName.keys)
        report(
          "Cannot extend type '\(name.value)' because it is not defined."
            + Suggestions.didYouMean(suggestions),
          [located.location(name.loc)])
      }
    }
  }

  private static func kindWord(_ kind: TypeKind) -> String {
    switch kind {
    case .scalar: "scalar"
    case .object: "object"
    case .interface: "interface"
    case .union: "union"
    case .enumeration: "enum"
    case .inputObject: "input object"
    }
  }
}
