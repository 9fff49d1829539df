import GraphQLSyntax

/// Relay's declarative list edits (relay-compiler's `declarative_connection` transform):
/// `@deleteRecord` and `@deleteEdge` stand on a field of type `ID` or `[ID]`;
/// `@appendEdge` and `@prependEdge` on an edge (its type has `cursor` and `node`);
/// `@appendNode` and `@prependNode` on an object, interface or union field, with an
/// `edgeTypeName` naming an object type. Each error is at the directive's name and names
/// the field by its alias or name, as Relay's does; `edgeTypeName`'s is at its value.
package final class ListEditDirectiveRule: ValidationRule {
  static let idDirectives: Set<String> = ["deleteRecord", "deleteEdge"]
  static let edgeDirectives: Set<String> = ["appendEdge", "prependEdge"]
  static let nodeDirectives: Set<String> = ["appendNode", "prependNode"]

  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterField(_ field: Field) -> VisitAction {
    guard let definition = context.typeInfo.fieldDefinition else { return .continue }
    let name = field.responseKey
    let typeName = definition.type.namedType
    let type = context.schema.type(named: typeName)
    for directive in field.directives {
      let directiveName = directive.name.value
      if Self.idDirectives.contains(directiveName), !Self.isIDOrList(definition.type) {
        context.report(
          "@\(directiveName) on \"\(name)\" needs a field of type ID or [ID], not \"\(definition.type)\".", [directive.name.loc])
      } else if Self.edgeDirectives.contains(directiveName) {
        let isEdge = type.map { type in
          type.kind.isComposite && context.schema.field(named: "cursor", on: type) != nil
            && context.schema.field(named: "node", on: type) != nil
        } ?? false
        if !isEdge {
          context.report(
            "@\(directiveName) on \"\(name)\" needs an edge: a field whose type has \"cursor\" and \"node\" fields, not \"\(definition.type)\".",
            [directive.name.loc])
        }
      } else if Self.nodeDirectives.contains(directiveName) {
        if type?.kind.isComposite != true {
          context.report(
            "@\(directiveName) on \"\(name)\" needs a field of an object, interface or union type, not \"\(definition.type)\".",
            [directive.name.loc])
        }
        if let argument = directive.arguments.first(where: { $0.name.value == "edgeTypeName" }),
          case .string(let edge) = argument.value, context.schema.type(named: edge.value)?.kind != .object
        {
          context.report(
            "@\(directiveName)'s edgeTypeName \"\(edge.value)\" must name an object type of the schema.", [argument.value.loc])
        }
      }
    }
    return .continue
  }

  private static func isIDOrList(_ reference: SchemaTypeReference) -> Bool {
    switch reference.nullable {
    case .named(let name): name == "ID"
    case .list(let item): if case .named("ID") = item.nullable { true } else { false }
    case .nonNull: false
    }
  }
}
