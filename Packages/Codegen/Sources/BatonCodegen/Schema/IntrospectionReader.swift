import Foundation
import GraphQLSyntax

/// Walks a decoded `__schema` object, keeping the JSON path for error messages.
struct IntrospectionReader {
  private var path: [String] = ["__schema"]
  private var typeKinds: [String: TypeKind] = [:]

  mutating func schema(_ json: [String: Any]) throws(SchemaError) -> Schema {
    let typeObjects = try array(json["types"], "types")
    for (index, value) in typeObjects.enumerated() {
      let object = try self.object(value, "types[\(index)]")
      guard object["name"] is String, let kindName = object["kind"] as? String,
        let kind = TypeKind(rawValue: kindName)
      else {
        throw error("types[\(index)] needs a \"name\" and a \"kind\" of a named type")
      }
      let name = try self.name(object["name"], "types[\(index)].name")
      guard typeKinds[name] == nil else {
        throw error("types[\(index)]: Schema must contain uniquely named types but contains multiple types named '\(name)'.")
      }
      typeKinds[name] = kind
    }
    var types: [SchemaType] = []
    types.reserveCapacity(typeObjects.count)
    for (index, value) in typeObjects.enumerated() {
      path.append("types[\(index)]")
      let object = try self.object(value, "")
      let type = try namedType(object)
      path.removeLast()
      types.append(BuiltinDefinitions.reservedTypeNames.contains(type.name)
        ? (BuiltinDefinitions.shared.types[type.name] ?? type) : type)
    }
    var directives: [SchemaDirective] = []
    if let values = json["directives"], !(values is NSNull) {
      for (index, value) in try array(values, "directives").enumerated() {
        path.append("directives[\(index)]")
        let directive = try directive(try object(value, ""))
        if directives.contains(where: { $0.name == directive.name }) {
          throw error("There can be only one directive named '@\(directive.name)'.")
        }
        directives.append(directive)
        path.removeLast()
      }
    }
    return Schema(
      description: json["description"] as? String,
      queryTypeName: try rootName(json["queryType"], "queryType"),
      mutationTypeName: try rootName(json["mutationType"], "mutationType"),
      subscriptionTypeName: try rootName(json["subscriptionType"], "subscriptionType"),
      types: types, directives: directives)
  }

  private func rootName(_ value: Any?, _ key: String) throws(SchemaError) -> String? {
    guard let value, !(value is NSNull) else { return nil }
    guard let name = (value as? [String: Any])?["name"] as? String else {
      throw error("\(key) needs a \"name\"")
    }
    guard typeKinds[name] == .object else {
      throw error("\(key) \"\(name)\" is not an object type of the schema")
    }
    return name
  }

  private mutating func namedType(_ json: [String: Any]) throws(SchemaError) -> SchemaType {
    let name = try self.name(json["name"], "name")
    guard let kind = TypeKind(rawValue: try string(json["kind"], "kind")) else {
      throw error("unknown kind")
    }
    var type = SchemaType(kind: kind, name: name, description: json["description"] as? String)
    switch kind {
    case .scalar:
      type.specifiedByURL = json["specifiedByURL"] as? String
    case .object, .interface:
      if let interfaces = json["interfaces"], !(interfaces is NSNull) {
        type.interfaces = try namedReferences(interfaces, "interfaces", kinds: [.interface])
      } else if kind == .object {
        throw error("Introspection result missing interfaces of \"\(name)\"")
      }
      for (index, value) in try array(json["fields"], "fields").enumerated() {
        path.append("fields[\(index)]")
        let field = try field(try object(value, ""))
        if type.field(named: field.name) != nil {
          throw error("Field '\(name).\(field.name)' can only be defined once.")
        }
        type.appendField(field)
        path.removeLast()
      }
    case .union:
      type.unionMembers = try namedReferences(json["possibleTypes"], "possibleTypes", kinds: [.object])
    case .enumeration:
      for (index, value) in try array(json["enumValues"], "enumValues").enumerated() {
        let object = try self.object(value, "enumValues[\(index)]")
        let valueName = try string(object["name"], "enumValues[\(index)].name")
        if let problem = GraphQLName.enumValueProblem(valueName) { throw error("enumValues[\(index)].name: \(problem)") }
        if type.enumValues.contains(where: { $0.name == valueName }) {
          throw error("enumValues[\(index)]: Enum value '\(name).\(valueName)' can only be defined once.")
        }
        type.enumValues.append(SchemaEnumValue(
          name: valueName,
          description: object["description"] as? String,
          deprecationReason: object["deprecationReason"] as? String))
      }
    case .inputObject:
      for (index, value) in try array(json["inputFields"], "inputFields").enumerated() {
        path.append("inputFields[\(index)]")
        let field = try inputValue(try object(value, ""))
        if type.inputField(named: field.name) != nil {
          throw error("Input field '\(name).\(field.name)' can only be defined once.")
        }
        type.appendInputField(field)
        path.removeLast()
      }
      type.isOneOf = (json["isOneOf"] as? Bool) ?? false
    }
    return type
  }

  private mutating func field(_ json: [String: Any]) throws(SchemaError) -> SchemaField {
    let type = try typeReference(json["type"], "type")
    guard typeKinds[type.namedType]?.isOutput == true else {
      throw error("Introspection must provide output type for fields, but received: \(type).")
    }
    return SchemaField(
      name: try name(json["name"], "name"), description: json["description"] as? String,
      arguments: try inputValues(json["args"], "args"), type: type,
      deprecationReason: json["deprecationReason"] as? String)
  }

  private mutating func inputValues(_ value: Any?, _ key: String) throws(SchemaError) -> [SchemaInputValue] {
    var result: [SchemaInputValue] = []
    for (index, element) in try array(value, key).enumerated() {
      path.append("\(key)[\(index)]")
      let argument = try inputValue(try object(element, ""))
      if result.contains(where: { $0.name == argument.name }) {
        throw error("Argument '\(argument.name)' can only be defined once.")
      }
      result.append(argument)
      path.removeLast()
    }
    return result
  }

  private func inputValue(_ json: [String: Any]) throws(SchemaError) -> SchemaInputValue {
    let type = try typeReference(json["type"], "type")
    guard typeKinds[type.namedType]?.isInput == true else {
      throw error("Introspection must provide input type for arguments, but received: \(type).")
    }
    var defaultValue: String?
    if let literal = json["defaultValue"] as? String {
      do {
        defaultValue = try LiteralCanonicalizer.canonicalize(literal)
      } catch {
        throw self.error("defaultValue \(literal) is not a GraphQL literal: \(error.message)")
      }
    }
    return SchemaInputValue(
      name: try name(json["name"], "name"), description: json["description"] as? String,
      type: type, defaultValue: defaultValue,
      deprecationReason: json["deprecationReason"] as? String)
  }

  private mutating func directive(_ json: [String: Any]) throws(SchemaError) -> SchemaDirective {
    var locations: [DirectiveLocation] = []
    for (index, value) in try array(json["locations"], "locations").enumerated() {
      guard let name = value as? String, let location = DirectiveLocation(rawValue: name) else {
        throw error("locations[\(index)] is not a directive location")
      }
      locations.append(location)
    }
    return SchemaDirective(
      name: try name(json["name"], "name"), description: json["description"] as? String,
      arguments: try inputValues(json["args"], "args"),
      isRepeatable: (json["isRepeatable"] as? Bool) ?? false, locations: locations,
      deprecationReason: json["deprecationReason"] as? String)
  }

  /// `{"kind": "NON_NULL", "ofType": {"kind": "LIST", …}}` to `[…]!`. Depth is bounded by
  /// the JSON's own nesting, which JSONSerialization limits.
  private func typeReference(_ value: Any?, _ key: String) throws(SchemaError) -> SchemaTypeReference {
    guard let json = value as? [String: Any], let kind = json["kind"] as? String else {
      throw error("\(key) is not a type reference")
    }
    switch kind {
    case "LIST":
      guard json["ofType"] is [String: Any] else {
        throw error("Decorated type deeper than introspection query.")
      }
      return .list(try typeReference(json["ofType"], key))
    case "NON_NULL":
      guard json["ofType"] is [String: Any] else {
        throw error("Decorated type deeper than introspection query.")
      }
      let inner = try typeReference(json["ofType"], key)
      if inner.isNonNull { throw error("\(key) wraps a non-null type in non-null") }
      return .nonNull(inner)
    default:
      guard let name = json["name"] as? String else {
        throw error("Unknown type reference in \(key).")
      }
      guard typeKinds[name] != nil else {
        throw error(
          "Invalid or incomplete schema, unknown type: \(name). Ensure that a full introspection query is used in order to build a client schema.")
      }
      return .named(name)
    }
  }

  private func namedReferences(_ value: Any?, _ key: String, kinds: Set<TypeKind>) throws(SchemaError) -> [String] {
    var names: [String] = []
    for (index, element) in try array(value, key).enumerated() {
      guard let name = (element as? [String: Any])?["name"] as? String else {
        throw error("\(key)[\(index)] needs a \"name\"")
      }
      guard let kind = typeKinds[name], kinds.contains(kind) else {
        throw error("\(key)[\(index)] \"\(name)\" is not a type of the expected kind")
      }
      names.append(name)
    }
    return names
  }

  private func array(_ value: Any?, _ key: String) throws(SchemaError) -> [Any] {
    guard let array = value as? [Any] else { throw error("\(key) is missing or not a list") }
    return array
  }

  private func object(_ value: Any?, _ key: String) throws(SchemaError) -> [String: Any] {
    guard let object = value as? [String: Any] else { throw error("\(key) is not an object") }
    return object
  }

  private func string(_ value: Any?, _ key: String) throws(SchemaError) -> String {
    guard let string = value as? String else { throw error("\(key) is missing or not a string") }
    return string
  }

  /// A string that is a GraphQL name, as graphql-core's `build_client_schema` requires of
  /// every type, field, argument and directive name.
  private func name(_ value: Any?, _ key: String) throws(SchemaError) -> String {
    let name = try string(value, key)
    if let problem = GraphQLName.problem(name) { throw error("\(key): \(problem)") }
    return name
  }

  private func error(_ message: String) -> SchemaError {
    SchemaError("Invalid introspection result at \(path.joined(separator: ".")): \(message)")
  }
}
