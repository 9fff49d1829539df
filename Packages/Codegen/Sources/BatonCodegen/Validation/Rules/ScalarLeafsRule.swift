import GraphQLSyntax

/// Leaf fields have no selection set; composite fields have one (spec §5.3.3).
package final class ScalarLeafsRule: ValidationRule {
  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterField(_ field: Field) -> VisitAction {
    guard let type = context.typeInfo.type, let named = context.schema.type(named: type.namedType) else {
      return .continue
    }
    let name = field.name.value
    if named.kind.isLeaf {
      if let selectionSet = field.selectionSet {
        context.report(
          "Field '\(name)' must not have a selection since type '\(type)' has no subfields.",
          [selectionSet.loc])
      }
    } else if field.selectionSet == nil {
      context.report(
        "Field '\(name)' of type '\(type)' must have a selection of subfields. Did you mean '\(name) { ... }'?",
        [field.loc])
    }
    return .continue
  }
}
