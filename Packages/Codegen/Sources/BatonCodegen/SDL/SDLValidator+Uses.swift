import GraphQLSyntax

/// The rules about what SDL refers to: named types, and the directives applied to every
/// definition with their arguments.
extension SDLValidator {
  mutating func checkTypeReferences() {
    for located in definitions.typeDefinitions + definitions.typeExtensions {
      let node = located.node
      for named in node.implementedInterfaces + node.unionMemberTypes {
        checkNamedType(named, in: located.document)
      }
      for field in node.fieldDefinitions {
        for argument in field.arguments { checkNamedType(argument.type.namedType, in: located.document) }
        checkNamedType(field.type.namedType, in: located.document)
      }
      for field in node.inputFieldDefinitions {
        checkNamedType(field.type.namedType, in: located.document)
      }
    }
    for located in definitions.directiveDefinitions {
      for argument in located.node.arguments {
        checkNamedType(argument.type.namedType, in: located.document)
      }
    }
    for located in definitions.schemaDefinitions {
      for operationType in located.node.operationTypes {
        checkNamedType(operationType.type, in: located.document)
      }
    }
    for located in definitions.schemaExtensions {
      for operationType in located.node.operationTypes {
        checkNamedType(operationType.type, in: located.document)
      }
    }
  }

  private mutating func checkNamedType(_ named: GraphQLSyntax.NamedType, in document: SDLDocument) {
    let name = named.name.value
    if typeKinds[name] != nil { return }
    let suggestions = Suggestions.list(name, Array(typeKinds.keys))
    report("Unknown type '\(name)'." + Suggestions.didYouMean(suggestions), [document.location(named.loc)])
  }

  mutating func checkDirectiveUses() {
    for located in definitions.schemaDefinitions {
      checkDirectives(located.node.directives, at: .schema, in: located.document)
    }
    for located in definitions.schemaExtensions {
      checkDirectives(located.node.directives, at: .schema, in: located.document)
    }
    var typeDirectives: [String: [(Directive, SDLDocument)]] = [:]
    for located in definitions.typeDefinitions + definitions.typeExtensions {
      let node = located.node
      guard let name = node.typeName?.value, let kind = node.typeKind else { continue }
      let location = Self.location(of: kind)
      checkDirectives(node.typeDirectives, at: location, in: located.document, unique: false)
      typeDirectives[name, default: []] += node.typeDirectives.map { ($0, located.document) }
      for field in node.fieldDefinitions {
        checkDirectives(field.directives, at: .fieldDefinition, in: located.document)
        for argument in field.arguments {
          checkDirectives(argument.directives, at: .argumentDefinition, in: located.document)
          checkConstValue(argument.defaultValue, in: located.document)
        }
      }
      for field in node.inputFieldDefinitions {
        checkDirectives(field.directives, at: .inputFieldDefinition, in: located.document)
        checkConstValue(field.defaultValue, in: located.document)
      }
      for value in node.enumValueDefinitions {
        checkDirectives(value.directives, at: .enumValue, in: located.document)
      }
    }
    for located in definitions.typeDefinitions + definitions.typeExtensions {
      guard let name = located.node.typeName?.value, let uses = typeDirectives.removeValue(forKey: name)
      else { continue }
      checkUniqueness(uses)
    }
    for located in definitions.directiveDefinitions {
      checkDirectives(located.node.directives, at: .directiveDefinition, in: located.document)
      for argument in located.node.arguments {
        checkDirectives(argument.directives, at: .argumentDefinition, in: located.document)
        checkConstValue(argument.defaultValue, in: located.document)
      }
    }
  }

  private static func location(of kind: TypeKind) -> DirectiveLocation {
    switch kind {
    case .scalar: .scalar
    case .object: .object
    case .interface: .interface
    case .union: .union
    case .enumeration: .enumType
    case .inputObject: .inputObject
    }
  }

  private mutating func checkDirectives(
    _ uses: [Directive], at location: DirectiveLocation, in document: SDLDocument,
    unique: Bool = true
  ) {
    for use in uses {
      let name = use.name.value
      guard let definition = directives[name] else {
        report("Unknown directive '@\(name)'.", [document.location(use.loc)])
        continue
      }
      if !definition.locations.contains(location) {
        report("Directive '@\(name)' may not be used on \(location.phrase).", [document.location(use.loc)])
      }
      checkArguments(use, definition: definition, in: document)
    }
    if unique { checkUniqueness(uses.map { ($0, document) }) }
  }

  private mutating func checkUniqueness(_ uses: [(Directive, SDLDocument)]) {
    var seen: [String: DiagnosticLocation?] = [:]
    for (use, document) in uses {
      let name = use.name.value
      guard let definition = directives[name], !definition.isRepeatable else { continue }
      if let first = seen[name] {
        reportDuplicate(
          "The directive '@\(name)' can only be used once at this location.",
          [first, document.location(use.loc)])
      } else {
        seen[name] = document.location(use.loc)
      }
    }
  }

  private mutating func checkArguments(
    _ use: Directive, definition: SchemaDirective, in document: SDLDocument
  ) {
    var seen: [String: [DiagnosticLocation?]] = [:]
    var order: [String] = []
    for argument in use.arguments {
      let name = argument.name.value
      if definition.argument(named: name) == nil {
        let suggestions = Suggestions.list(name, definition.arguments.map(\.name))
        report(
          "Unknown argument '\(name)' on directive '@\(definition.name)'."
            + Suggestions.didYouMean(suggestions),
          [document.location(argument.loc)])
      }
      if seen[name] == nil { order.append(name) }
      seen[name, default: []].append(document.location(argument.name.loc))
      checkConstValue(argument.value, in: document)
    }
    for name in order where (seen[name]?.count ?? 0) > 1 {
      reportDuplicate("There can be only one argument named '\(name)'.", seen[name] ?? [])
    }
    for argument in definition.arguments
    where argument.type.isNonNull && argument.defaultValue == nil && seen[argument.name] == nil {
      report(
        "Argument '@\(definition.name)(\(argument.name):)' of type '\(argument.type)' is required, but it was not provided.",
        [document.location(use.loc)])
    }
  }

  /// Input object literals name each field once.
  private mutating func checkConstValue(_ value: Value?, in document: SDLDocument) {
    switch value {
    case .list(let list):
      for item in list.values { checkConstValue(item, in: document) }
    case .object(let object):
      var seen: [String: DiagnosticLocation?] = [:]
      for field in object.fields {
        if let first = seen[field.name.value] {
          reportDuplicate(
            "There can be only one input field named '\(field.name.value)'.",
            [first, document.location(field.name.loc)])
        } else {
          seen[field.name.value] = document.location(field.name.loc)
        }
        checkConstValue(field.value, in: document)
      }
    default:
      break
    }
  }
}

extension DirectiveLocation {
  /// How graphql-core names the location in messages: `field definition`.
  var phrase: String { rawValue.lowercased().replacing("_", with: " ") }
}
