/// The schema types generated code refers to: enums and custom scalars of selected
/// fields, and every enum, input object and scalar reachable from a variable. Only those
/// are emitted, so a large schema costs only what the documents use.
struct SchemaTypeUsage {
  let schema: Schema
  static let builtInScalars: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]

  /// Used type names, sorted.
  func usedTypes(operations: [IROperation], fragments: [IRFragment]) -> [String] {
    var used: Set<String> = []
    for operation in operations {
      collect(operation.selectionSet, into: &used)
      for variable in operation.variables { collectInput(variable.type.namedType, into: &used) }
    }
    for fragment in fragments { collect(fragment.selectionSet, into: &used) }
    return used.sorted()
  }

  private func collect(_ set: IRSelectionSet, into used: inout Set<String>) {
    for field in set.fields {
      if let child = field.selectionSet {
        collect(child, into: &used)
      } else if field.typeKind == .enumeration || (field.typeKind == .scalar && !Self.builtInScalars.contains(field.typeName)) {
        used.insert(field.typeName)
      }
    }
    for typeCase in set.typeCases { collect(typeCase.selectionSet, into: &used) }
  }

  private func collectInput(_ name: String, into used: inout Set<String>) {
    guard !Self.builtInScalars.contains(name), !used.contains(name), let type = schema.type(named: name) else { return }
    used.insert(name)
    for field in type.inputFields { collectInput(field.type.namedType, into: &used) }
  }
}
