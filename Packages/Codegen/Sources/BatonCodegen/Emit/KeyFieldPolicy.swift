import GraphQLSyntax

/// Which fields identify a record of each object type: baton.json's
/// `keyFields` first (on the type or on an interface it implements), then
/// `@key(fields: "a b")` on the type in the schema (declare it in an extension file:
/// `directive @key(fields: String!) on OBJECT | INTERFACE`), else `id` when the type has one.
enum KeyFieldPolicy {
  static func keyFields(
    schema: Schema, schemaFiles: [(name: String, text: String)], configured: [String: [String]]
  ) -> [String: [String]] {
    let declared = keyDirectives(schemaFiles)
    var keys: [String: [String]] = [:]
    for type in schema.definedTypes where type.kind == .object {
      let candidates = [type.name] + type.interfaces.sorted()
      if let configuredKeys = candidates.lazy.compactMap({ configured[$0] }).first {
        keys[type.name] = configuredKeys
      } else if let directiveKeys = candidates.lazy.compactMap({ declared[$0] }).first {
        keys[type.name] = directiveKeys
      } else if type.field(named: "id") != nil {
        keys[type.name] = ["id"]
      }
    }
    return keys
  }

  /// `@key(fields:)` on object and interface definitions and extensions of SDL files.
  private static func keyDirectives(_ files: [(name: String, text: String)]) -> [String: [String]] {
    var keys: [String: [String]] = [:]
    for file in files where !file.name.hasSuffix(".json") {
      guard let document = try? parse(Source(file.text, name: file.name)) else { continue }
      for definition in document.definitions {
        let named: (String, [Directive])? = switch definition {
        case .objectType(let node): (node.name.value, node.directives)
        case .interfaceType(let node): (node.name.value, node.directives)
        case .objectTypeExtension(let node): (node.name.value, node.directives)
        case .interfaceTypeExtension(let node): (node.name.value, node.directives)
        default: nil
        }
        guard let (name, directives) = named else { continue }
        for directive in directives where directive.name.value == "key" {
          for argument in directive.arguments where argument.name.value == "fields" {
            if case .string(let value) = argument.value {
              keys[name] = value.value.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
            }
          }
        }
      }
    }
    return keys
  }
}
