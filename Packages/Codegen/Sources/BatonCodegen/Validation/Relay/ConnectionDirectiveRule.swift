import GraphQLSyntax

/// Relay's `@connection(key:, filters:)` (relay-compiler's `validate_connections`): the
/// field returns one object or interface, is given `first` or `last`, selects `edges`; its
/// type has `edges` (a list of objects) whose items have an object `node` and a scalar
/// `cursor`, and a `pageInfo` object with scalar `endCursor`, `hasNextPage`,
/// `hasPreviousPage` and `startCursor`; `key` is a string literal ending in `_` and the
/// field's alias or name; `filters` is a list of string literals naming arguments given
/// to the field. Errors stand where Relay puts them: at the field's name, or at the
/// directive argument's value with the field's name second.
package final class ConnectionDirectiveRule: ValidationRule {
  static let pageInfoFields = ["endCursor", "hasNextPage", "hasPreviousPage", "startCursor"]

  private let context: ValidationContext
  package init(context: ValidationContext) { self.context = context }

  package func enterField(_ field: Field) -> VisitAction {
    guard let directive = field.directives.first(where: { $0.name.value == "connection" }),
      let definition = context.typeInfo.fieldDefinition
    else { return .continue }
    let name = field.name.value
    let at = field.name.loc
    let fieldType = definition.type.nullable
    let schema = context.schema
    guard case .named(let typeName) = fieldType, let connectionType = schema.type(named: typeName),
      connectionType.kind == .object || connectionType.kind == .interface
    else {
      context.report(
        "@connection field \"\(name)\" must return one object or interface, not \"\(fieldType)\".", [at])
      return .continue
    }
    if !field.arguments.contains(where: { $0.name.value == "first" || $0.name.value == "last" }) {
      context.report("@connection field \"\(name)\" must be given a \"first\" or \"last\" argument.", [at])
      return .continue
    }
    guard let edges = field.selectionSet?.selections.lazy.compactMap(Self.field).first(where: {
      $0.name.value == "edges"
    }) else {
      context.report("@connection field \"\(name)\" must select \"edges\".", [at])
      return .continue
    }
    checkEdges(of: connectionType, field: name, at: at, edgesAt: edges.name.loc)
    checkPageInfo(of: connectionType, field: name, at: at)
    checkKey(directive, field: field, at: at)
    checkFilters(directive, field: field, at: at)
    return .continue
  }

  private static func field(_ selection: GraphQLSyntax.Selection) -> Field? {
    if case .field(let field) = selection { return field }
    return nil
  }

  /// The named type of `name` on `parent` when `isValid` accepts its nullable type.
  private func member(
    _ name: String, of parent: SchemaType, _ isValid: (SchemaTypeReference, SchemaType) -> Bool
  ) -> SchemaType? {
    guard let field = context.schema.field(named: name, on: parent),
      let type = context.schema.type(named: field.type.namedType), isValid(field.type.nullable, type)
    else { return nil }
    return type
  }

  private static func isSingle(_ reference: SchemaTypeReference) -> Bool {
    if case .named = reference { return true }
    return false
  }

  private func checkEdges(of connection: SchemaType, field: String, at: Location?, edgesAt: Location?) {
    let prefix = "@connection field \"\(field)\": its type \"\(connection.name)\""
    guard let edge = member("edges", of: connection, { reference, type in
      if case .list(let item) = reference, Self.isSingle(item.nullable) {
        return type.kind == .object || type.kind == .interface
      }
      return false
    }) else {
      context.report("\(prefix) must have an \"edges\" field returning a list of objects or interfaces.", [at, edgesAt])
      return
    }
    if member("node", of: edge, { Self.isSingle($0) && $1.kind.isComposite }) == nil {
      context.report(
        "\(prefix) must have \"edges { node }\" returning one object, interface or union.", [at, edgesAt])
    }
    if member("cursor", of: edge, { Self.isSingle($0) && $1.kind == .scalar }) == nil {
      context.report("\(prefix) must have \"edges { cursor }\" returning one scalar.", [at, edgesAt])
    }
  }

  private func checkPageInfo(of connection: SchemaType, field: String, at: Location?) {
    let prefix = "@connection field \"\(field)\": its type \"\(connection.name)\""
    guard let pageInfo = member("pageInfo", of: connection, { Self.isSingle($0) && $1.kind == .object }) else {
      context.report("\(prefix) must have a \"pageInfo\" field returning one object.", [at])
      return
    }
    for name in Self.pageInfoFields
    where member(name, of: pageInfo, { Self.isSingle($0) && $1.kind == .scalar }) == nil {
      context.report("\(prefix) must have \"pageInfo { \(name) }\" returning one scalar.", [at])
    }
  }

  private func checkKey(_ directive: Directive, field: Field, at: Location?) {
    guard let key = directive.arguments.first(where: { $0.name.value == "key" }) else {
      // A missing `key` is ProvidedRequiredArgumentsRule's error: the argument is `String!`.
      return
    }
    guard case .string(let value) = key.value else {
      if case .variable = key.value {
        context.report("@connection's \"key\" must be a string literal, not a variable.", [key.value.loc, at])
      }
      return
    }
    let postfix = "_\(field.responseKey)"
    if !value.value.hasSuffix(postfix) {
      context.report(
        "@connection's key \"\(value.value)\" must end with \"\(postfix)\", the field's alias or name.",
        [key.value.loc, at])
    }
  }

  private func checkFilters(_ directive: Directive, field: Field, at: Location?) {
    guard let filters = directive.arguments.first(where: { $0.name.value == "filters" }) else { return }
    let items: [Value]
    switch filters.value {
    case .list(let list): items = list.values
    case .null: return
    default:
      context.report("@connection's \"filters\" must be a list of string literals.", [filters.value.loc, at])
      return
    }
    for item in items {
      guard case .string(let name) = item else {
        context.report("@connection's \"filters\" must be a list of string literals.", [filters.value.loc])
        continue
      }
      if !field.arguments.contains(where: { $0.name.value == name.value }) {
        context.report(
          "@connection's filters name \"\(name.value)\", which is not an argument given to \"\(field.name.value)\".",
          [filters.value.loc])
      }
    }
  }
}
