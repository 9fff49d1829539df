import Foundation
import GraphQLSyntax

/// Prints a schema as SDL, exactly as graphql-core's `print_schema` does: the schema
/// definition when the root types are not the default names, then the schema's own
/// directives, then its types in type-map order, all without built-in definitions.
public enum SchemaPrinter {
  /// The schema's SDL, blocks separated by a blank line, without a trailing newline.
  public static func print(_ schema: Schema) -> String {
    var blocks: [String] = []
    if let definition = schemaDefinition(schema) { blocks.append(definition) }
    for directive in schema.definedDirectives { blocks.append(print(directive)) }
    for type in schema.definedTypes { blocks.append(print(type)) }
    return blocks.joined(separator: "\n\n")
  }

  private static func schemaDefinition(_ schema: Schema) -> String? {
    let query = schema.queryTypeName
    let mutation = schema.mutationTypeName
    let subscription = schema.subscriptionTypeName
    if query == nil, mutation == nil, subscription == nil { return nil }
    let usesDefaultNames =
      query == schema.type(named: "Query").map(\.name)
      && mutation == schema.type(named: "Mutation").map(\.name)
      && subscription == schema.type(named: "Subscription").map(\.name)
    if schema.description == nil, usesDefaultNames { return nil }
    var text = description(schema.description) + "schema {\n"
    if let query { text += "  query: \(query)\n" }
    if let mutation { text += "  mutation: \(mutation)\n" }
    if let subscription { text += "  subscription: \(subscription)\n" }
    return text + "}"
  }

  /// One directive definition.
  public static func print(_ directive: SchemaDirective) -> String {
    description(directive.description) + "directive @\(directive.name)"
      + arguments(directive.arguments, indentation: "")
      + deprecated(directive.deprecationReason)
      + (directive.isRepeatable ? " repeatable" : "") + " on "
      + directive.locations.map(\.rawValue).joined(separator: " | ")
  }

  /// One named type definition.
  public static func print(_ type: SchemaType) -> String {
    let head = description(type.description)
    switch type.kind {
    case .scalar:
      var text = head + "scalar \(type.name)"
      if let url = type.specifiedByURL {
        text += " @specifiedBy(url: \(printString(url)))"
      }
      return text
    case .object, .interface:
      let keyword = type.kind == .object ? "type" : "interface"
      let implements =
        type.interfaces.isEmpty ? "" : " implements " + type.interfaces.joined(separator: " & ")
      let fields = type.fields.enumerated().map { index, field in
        description(field.description, indentation: "  ", firstInBlock: index == 0)
          + "  \(field.name)" + arguments(field.arguments, indentation: "  ")
          + ": \(field.type)" + deprecated(field.deprecationReason)
      }
      return head + "\(keyword) \(type.name)" + implements + block(fields)
    case .union:
      let members =
        type.unionMembers.isEmpty ? "" : " = " + type.unionMembers.joined(separator: " | ")
      return head + "union \(type.name)" + members
    case .enumeration:
      let values = type.enumValues.enumerated().map { index, value in
        description(value.description, indentation: "  ", firstInBlock: index == 0)
          + "  \(value.name)" + deprecated(value.deprecationReason)
      }
      return head + "enum \(type.name)" + block(values)
    case .inputObject:
      let fields = type.inputFields.enumerated().map { index, field in
        description(field.description, indentation: "  ", firstInBlock: index == 0)
          + "  " + inputValue(field)
      }
      return head + "input \(type.name)" + (type.isOneOf ? " @oneOf" : "") + block(fields)
    }
  }

  private static func block(_ items: [String]) -> String {
    items.isEmpty ? "" : " {\n" + items.joined(separator: "\n") + "\n}"
  }

  private static func arguments(_ arguments: [SchemaInputValue], indentation: String) -> String {
    if arguments.isEmpty { return "" }
    if arguments.allSatisfy({ $0.description == nil }) {
      return "(" + arguments.map(inputValue).joined(separator: ", ") + ")"
    }
    let lines = arguments.enumerated().map { index, argument in
      description(argument.description, indentation: "  " + indentation, firstInBlock: index == 0)
        + "  " + indentation + inputValue(argument)
    }
    return "(\n" + lines.joined(separator: "\n") + "\n\(indentation))"
  }

  private static func inputValue(_ value: SchemaInputValue) -> String {
    var text = "\(value.name): \(value.type)"
    if let defaultValue = value.defaultValue { text += " = \(defaultValue)" }
    return text + deprecated(value.deprecationReason)
  }

  private static func deprecated(_ reason: String?) -> String {
    guard let reason else { return "" }
    if reason == BuiltinDefinitions.defaultDeprecationReason { return " @deprecated" }
    return " @deprecated(reason: \(printString(reason)))"
  }

  private static func description(
    _ text: String?, indentation: String = "", firstInBlock: Bool = true
  ) -> String {
    guard let text else { return "" }
    let literal =
      BlockString.isPrintable(text)
      ? BlockString.print(text) : printString(text)
    let prefix = !indentation.isEmpty && !firstInBlock ? "\n" + indentation : indentation
    return prefix + literal.replacingOccurrences(of: "\n", with: "\n" + indentation) + "\n"
  }
}
