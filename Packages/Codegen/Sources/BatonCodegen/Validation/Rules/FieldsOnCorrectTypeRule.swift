import GraphQLSyntax

/// Each selected field is defined on its parent type (spec §5.3.1).
package final class FieldsOnCorrectTypeRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterField(_ field: Field) -> VisitAction {
    guard let parent = context.typeInfo.parentType, context.typeInfo.fieldDefinition == nil else {
      return .continue
    }
    let name = field.name.value
    var suggestion = Suggestions.didYouMean(
      suggestedTypeNames(parent, name), subMessage: "to use an inline fragment on")
    if suggestion.isEmpty {
      suggestion = Suggestions.didYouMean(
        parent.kind == .object || parent.kind == .interface
          ? Suggestions.list(name, parent.fields.map(\.name)) : [])
    }
    context.report("Cannot query field '\(name)' on type '\(parent.name)'." + suggestion, [field.loc])
    return .continue
  }

  /// The object and interface types among an abstract type's possible types that have
  /// the field, most used first, interfaces before their implementations.
  private func suggestedTypeNames(_ parent: SchemaType, _ fieldName: String) -> [String] {
    guard parent.kind.isAbstract else { return [] }
    let schema = context.schema
    var order: [String] = []
    var usage: [String: Int] = [:]
    for possible in schema.possibleTypes(of: parent.name) {
      guard let type = schema.type(named: possible), type.field(named: fieldName) != nil else { continue }
      if usage[possible] == nil { order.append(possible) }
      usage[possible] = 1
      for interface in type.interfaces {
        guard schema.type(named: interface)?.field(named: fieldName) != nil else { continue }
        if usage[interface] == nil { order.append(interface) }
        usage[interface, default: 0] += 1
      }
    }
    return order.sorted { a, b in
      let difference = (usage[b] ?? 0) - (usage[a] ?? 0)
      if difference != 0 { return difference < 0 }
      if schema.type(named: a)?.kind == .interface, schema.isSubType(b, of: a) { return true }
      if schema.type(named: b)?.kind == .interface, schema.isSubType(a, of: b) { return false }
      return a < b
    }
  }
}
