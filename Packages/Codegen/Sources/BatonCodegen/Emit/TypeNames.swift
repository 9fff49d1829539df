/// The Swift names one module's generation gives the declarations in its namespace, decided
/// in one place: a module that spreads another's fragment or uses a schema module's enum
/// names them as that module's own generation did.
struct TypeNames {
  /// GraphQL name of a schema enum, input object or custom scalar → its Swift name.
  var schemaTypes: [String: String] = [:]
  /// One per operation, in the operations' order.
  var operations: [String] = []
  /// Fragment name → its Swift type name.
  var fragments: [String: String] = [:]

  /// `schemaTypes` sorted; schema types first, then operations (a `Query`, `Mutation` or
  /// `Subscription` suffix added), then fragments by name, each made unique against
  /// the names before it and the support file's.
  init(namespace: String, schemaTypes: [String], operations: [IROperation], fragments: [String]) {
    var taken = EmitContext.supportNames.union(SwiftNames.keywords).union([namespace])
    for name in schemaTypes {
      let swiftName = SwiftNames.unique(name, in: taken)
      taken.insert(swiftName)
      self.schemaTypes[name] = swiftName
    }
    for operation in operations {
      let suffix = SwiftNames.upperCamel(operation.kind.rawValue)
      let base = operation.name.hasSuffix(suffix) ? operation.name : operation.name + suffix
      let swiftName = SwiftNames.unique(base, in: taken)
      taken.insert(swiftName)
      self.operations.append(swiftName)
    }
    for name in fragments.sorted() {
      let swiftName = SwiftNames.unique(name, in: taken)
      taken.insert(swiftName)
      self.fragments[name] = swiftName
    }
  }

  /// What a schema module generates: every enum, input object and custom scalar, by name.
  static func allSchemaTypes(_ schema: Schema) -> [String] {
    schema.types.filter { type in
      guard !type.name.hasPrefix("__") else { return false }
      switch type.kind {
      case .enumeration, .inputObject: return true
      case .scalar: return !SchemaTypeUsage.builtInScalars.contains(type.name)
      default: return false
      }
    }.map(\.name).sorted()
  }
}
