import GraphQLSyntax

/// The client directives that name a field of the type they are on (`@semanticNonNullField`,
/// `@fieldPolicy`, `@maxAgeField`, which a schema extension adds because SDL cannot extend a
/// field) name one the type has, and `@fieldPolicy`'s `keyArgs` are that field's arguments:
/// a misspelt name would otherwise change nothing, silently. A schema that declares one of
/// these directives itself gives it its own meaning, so its uses are not checked.
extension SDLValidator {
  static let fieldNamingDirectives = ["semanticNonNullField": "name", "fieldPolicy": "forField", "maxAgeField": "name"]

  mutating func checkFieldNames() {
    let declared = Set(definitions.directiveDefinitions.map(\.node.name.value))
    let typeParts = definitions.typeDefinitions + definitions.typeExtensions
    var fields: [String: [String: FieldDefinition]] = [:]
    for located in typeParts {
      guard let name = located.node.typeName?.value else { continue }
      for field in located.node.fieldDefinitions { fields[name, default: [:]][field.name.value] = field }
    }
    for located in typeParts {
      guard let typeName = located.node.typeName?.value else { continue }
      for directive in located.node.typeDirectives {
        let name = directive.name.value
        // A wrong or missing argument is the argument rules' to report.
        guard !declared.contains(name), let key = Self.fieldNamingDirectives[name],
          case .string(let fieldName)? = SDLTypeBuilder.argument(key, of: directive)
        else { continue }
        let location = located.location(directive.loc)
        guard let field = fields[typeName]?[fieldName.value] else {
          let suggestions = Suggestions.list(fieldName.value, fields[typeName]?.keys.sorted() ?? [])
          report(
            "@\(name) on \(typeName) names the field \"\(fieldName.value)\", which \(typeName) does not have."
              + Suggestions.didYouMean(suggestions), [location])
          continue
        }
        guard name == "fieldPolicy", case .string(let keys)? = SDLTypeBuilder.argument("keyArgs", of: directive) else {
          continue
        }
        let arguments = Set(field.arguments.map(\.name.value))
        for argument in keys.value.split(whereSeparator: { $0 == " " || $0 == "," }) where !arguments.contains(String(argument)) {
          report(
            "@fieldPolicy on \(typeName) names \"\(argument)\" in keyArgs, which is not an argument of \(typeName).\(fieldName.value).",
            [location])
        }
      }
    }
  }
}
