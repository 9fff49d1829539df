/// Swift expressions that encode input values (variables, input object fields) as the
/// `JSONValue` sent, and the Swift types they have.
struct InputEncoder {
  let context: EmitContext

  /// The Swift type of a value of `type`; nullable levels below the top are optionals.
  func swiftType(_ type: SchemaTypeReference) -> String {
    switch type {
    case .nonNull(let inner): return nonNullType(inner)
    default: return nonNullType(type) + "?"
    }
  }

  private func nonNullType(_ type: SchemaTypeReference) -> String {
    switch type {
    case .nonNull(let inner): nonNullType(inner)
    case .list(let item): "[" + swiftType(item) + "]"
    case .named(let name): namedType(name)
    }
  }

  func namedType(_ name: String) -> String {
    switch name {
    case "String", "ID": "Swift.String"
    case "Int": "Swift.Int"
    case "Float": "Swift.Double"
    case "Boolean": "Swift.Bool"
    default: context.schemaType(name)
    }
  }

  /// The type of a variable or input field a caller may leave out: `Input<T>` when it is
  /// nullable or has a default (absent, null and a value are three different requests).
  func declaredType(_ type: SchemaTypeReference, omittable: Bool) -> String {
    omittable ? "\(context.qualified("Input"))<\(nonNullType(type))>" : nonNullType(type)
  }

  /// An expression of type `JSONValue` for the non-null value `expression` of `type`.
  func encode(_ expression: String, _ type: SchemaTypeReference, depth: Int = 0) -> String {
    switch type {
    case .nonNull(let inner): return encode(expression, inner, depth: depth)
    case .list(let item):
      let name = "v\(depth)"
      return ".array(\(expression).map { \(name) -> BatonNormalizer.JSONValue in \(encodeItem(name, item, depth: depth + 1)) })"
    case .named(let name):
      switch name {
      case "String", "ID": return ".string(\(expression))"
      // `description`, not `String(_:)`, whose dozens of overloads the type checker tries.
      case "Int", "Float": return ".number(\(expression).description)"
      case "Boolean": return ".bool(\(expression))"
      // A file goes as a part of its own; `operations` holds `null` in its place.
      case context.config.uploadScalar: return ".null"
      default:
        return context.schema.type(named: name)?.kind == .enumeration
          ? ".string(\(expression).rawValue)" : "\(expression).jsonValue"
      }
    }
  }

  private func encodeItem(_ expression: String, _ type: SchemaTypeReference, depth: Int) -> String {
    if type.isNonNull { return encode(expression, type, depth: depth) }
    let name = "v\(depth)"
    return "\(expression).map { \(name) -> BatonNormalizer.JSONValue in \(encode(name, type, depth: depth + 1)) } ?? .null"
  }

  /// Statements adding `name` = `expression` to the `[JSONMember]` or dictionary `target`.
  func assignment(_ key: String, _ expression: String, _ type: SchemaTypeReference, omittable: Bool, dictionary: Bool) -> String {
    let literal = SwiftNames.stringLiteral(key)
    let store = { (value: String) in
      dictionary ? "variables[\(literal)] = \(value)" : "fields.append(BatonNormalizer.JSONMember(\(literal), \(value)))"
    }
    guard omittable else { return store(encode(expression, type)) }
    return "if let value = \(expression).encoded({ v -> BatonNormalizer.JSONValue in \(encode("v", type.nullable, depth: 0)) }) { \(store("value")) }"
  }

  /// Whether a value of `type` may hold a file: it is the upload scalar, a list of it, or an
  /// input object with such a field, however deep.
  func holdsUploads(_ type: SchemaTypeReference) -> Bool {
    var seen: Set<String> = []
    return holdsUploads(type.namedType, seen: &seen)
  }

  private func holdsUploads(_ name: String, seen: inout Set<String>) -> Bool {
    if name == context.config.uploadScalar { return true }
    guard let type = context.schema.type(named: name), type.kind == .inputObject, seen.insert(name).inserted else {
      return false
    }
    return type.inputFields.contains { holdsUploads($0.type.namedType, seen: &seen) }
  }

  /// Statements adding the files in `expression` (of `type`, an `Input<T>` when `omittable`)
  /// to the dictionary `uploads`, each under `path` (a Swift `String` expression) and the
  /// list indices and field names below it.
  func uploadStatements(_ expression: String, _ type: SchemaTypeReference, omittable: Bool, path: String) -> String {
    guard omittable else { return uploads(expression, type, path: path, depth: 0) }
    return "if case .value(let v) = \(expression) { \(uploads("v", type.nullable, path: path, depth: 0)) }"
  }

  private func uploads(_ expression: String, _ type: SchemaTypeReference, path: String, depth: Int) -> String {
    switch type {
    case .nonNull(let inner):
      return uploads(expression, inner, path: path, depth: depth)
    case .list(let item):
      let (index, value) = ("i\(depth)", "v\(depth)")
      let itemPath = "\(path) + \".\" + \(index).description"
      let body =
        item.isNonNull
        ? uploads(value, item, path: itemPath, depth: depth + 1)
        : "if let \(value) { \(uploads(value, item, path: itemPath, depth: depth + 1)) }"
      return "for (\(index), \(value)) in \(expression).enumerated() { \(body) }"
    case .named(let name):
      if name == context.config.uploadScalar { return "uploads[\(path)] = \(expression)" }
      return "for (key, upload) in \(expression).__uploads { uploads[\(path) + \".\" + key] = upload }"
    }
  }
}
