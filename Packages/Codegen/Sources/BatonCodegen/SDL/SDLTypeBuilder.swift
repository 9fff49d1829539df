import GraphQLSyntax

/// Turns SDL definitions into schema model values.
enum SDLTypeBuilder {
  /// A named type from its definition and its extensions, in source order.
  static func namedType(
    _ definition: Located<Definition>, extensions: [Located<Definition>]
  ) -> SchemaType? {
    guard let name = definition.node.typeName, let kind = definition.node.typeKind else {
      return nil
    }
    var type = SchemaType(
      kind: kind, name: name.value, description: definition.node.typeDescription?.value,
      location: definition.location(name.loc))
    var semanticNonNullFields: [String: [Int]] = [:]
    var redirects: [String: [String]] = [:]
    var typeMaxAge: Int?
    var fieldMaxAges: [String: Int] = [:]
    for (index, part) in ([definition] + extensions).enumerated() {
      let node = part.node
      type.interfaces += node.implementedInterfaces.map(\.name.value)
      type.unionMembers += node.unionMemberTypes.map(\.name.value)
      for field in node.fieldDefinitions { type.appendField(fieldDefinition(field, in: part)) }
      for value in node.enumValueDefinitions {
        type.enumValues.append(SchemaEnumValue(
          name: value.name.value, description: value.description?.value,
          deprecationReason: deprecationReason(value.directives),
          location: part.location(value.name.loc)))
      }
      for field in node.inputFieldDefinitions {
        type.appendInputField(inputValue(field, in: part))
      }
      for directive in node.typeDirectives {
        switch directive.name.value {
        case "specifiedBy":
          if case .string(let url) = argument("url", of: directive) { type.specifiedByURL = url.value }
        case "oneOf" where index == 0:
          // As graphql-core: only the definition itself makes an input object @oneOf.
          type.isOneOf = true
        case "semanticNonNullField":
          if case .string(let field) = argument("name", of: directive) {
            semanticNonNullFields[field.value] = levels(of: directive)
          }
        case "fieldPolicy":
          if case .string(let field) = argument("forField", of: directive),
            case .string(let keys) = argument("keyArgs", of: directive)
          {
            redirects[field.value] = keys.value.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
          }
        case "maxAge":
          typeMaxAge = seconds(of: directive) ?? typeMaxAge
        case "maxAgeField":
          if case .string(let field) = argument("name", of: directive), let seconds = seconds(of: directive) {
            fieldMaxAges[field.value] = seconds
          }
        default:
          break
        }
      }
    }
    for (index, field) in type.fields.enumerated() {
      let levels = semanticNonNullFields[field.name]
      let redirect = redirects[field.name]
      let maxAge = fieldMaxAges[field.name] ?? typeMaxAge
      guard levels != nil || redirect != nil || maxAge != nil else { continue }
      var annotated = field
      annotated.semanticNonNullLevels = levels ?? field.semanticNonNullLevels
      annotated.redirectKeyArguments = redirect
      annotated.maxAgeSeconds = maxAge
      type.replaceField(at: index, with: annotated)
    }
    return type
  }

  static func fieldDefinition(
    _ field: GraphQLSyntax.FieldDefinition, in part: Located<Definition>
  ) -> SchemaField {
    let semanticNonNull = field.directives.first { $0.name.value == "semanticNonNull" }
    return SchemaField(
      name: field.name.value, description: field.description?.value,
      arguments: field.arguments.map { argumentDefinition($0, document: part.document) },
      type: typeReference(field.type), deprecationReason: deprecationReason(field.directives),
      location: part.location(field.name.loc),
      semanticNonNullLevels: semanticNonNull.map(levels(of:)),
      typeLocation: part.location(field.type.loc), isClientExtension: part.document.isClientExtension)
  }

  static func inputValue(
    _ value: GraphQLSyntax.InputValueDefinition, in part: Located<Definition>
  ) -> SchemaInputValue {
    argumentDefinition(value, document: part.document)
  }

  static func argumentDefinition(
    _ value: GraphQLSyntax.InputValueDefinition, document: SDLDocument
  ) -> SchemaInputValue {
    SchemaInputValue(
      name: value.name.value, description: value.description?.value,
      type: typeReference(value.type), defaultValue: value.defaultValue.map(ValueLiteral.print),
      deprecationReason: deprecationReason(value.directives),
      location: document.location(value.name.loc),
      typeLocation: document.location(value.type.loc))
  }

  static func directiveDefinition(
    _ located: Located<GraphQLSyntax.DirectiveDefinition>
  ) -> SchemaDirective {
    let node = located.node
    return SchemaDirective(
      name: node.name.value, description: node.description?.value,
      arguments: node.arguments.map { argumentDefinition($0, document: located.document) },
      isRepeatable: node.repeatable,
      locations: node.locations.compactMap { DirectiveLocation(rawValue: $0.value) },
      deprecationReason: deprecationReason(node.directives),
      location: located.location(node.name.loc))
  }

  static func typeReference(_ node: GraphQLSyntax.TypeReference) -> SchemaTypeReference {
    switch node {
    case .named(let named): .named(named.name.value)
    case .list(let list): .list(typeReference(list.type))
    case .nonNull(let nonNull): .nonNull(typeReference(nonNull.type))
    }
  }

  /// `@deprecated(reason:)`'s reason, its default when the argument is absent.
  static func deprecationReason(_ directives: [Directive]) -> String? {
    guard let directive = directives.first(where: { $0.name.value == "deprecated" }) else {
      return nil
    }
    if case .string(let reason) = argument("reason", of: directive) { return reason.value }
    return BuiltinDefinitions.defaultDeprecationReason
  }

  static func argument(_ name: String, of directive: Directive) -> Value? {
    directive.arguments.first { $0.name.value == name }?.value
  }

  /// `seconds: Int!` of `@maxAge` and `@maxAgeField`; validation has checked its type.
  static func seconds(of directive: Directive) -> Int? {
    if case .int(let int) = argument("seconds", of: directive) { return Int(int.value) }
    return nil
  }

  /// `levels: [Int]` of `@semanticNonNull`, `[0]` when absent.
  static func levels(of directive: Directive) -> [Int] {
    switch argument("levels", of: directive) {
    case .list(let list):
      return list.values.compactMap { value in
        if case .int(let int) = value { return Int(int.value) }
        return nil
      }
    case .int(let int):
      return Int(int.value).map { [$0] } ?? [0]
    default:
      return [0]
    }
  }
}
