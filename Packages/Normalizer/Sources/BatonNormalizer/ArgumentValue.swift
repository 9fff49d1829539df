/// An argument value: a literal, a variable, or a list or object holding variables.
public indirect enum ArgumentValue: Sendable, Hashable {
  case literal(JSONValue)
  case variable(String)
  case list([ArgumentValue])
  case object([Argument])

  /// The value with variables applied; `nil` when a variable it names was not provided.
  /// Inside lists and objects an unprovided variable becomes `null` and is dropped from
  /// objects, as GraphQL coerces input values.
  func resolved(with variables: [String: JSONValue]) -> JSONValue? {
    switch self {
    case .literal(let value): return value
    case .variable(let name): return variables[name]
    case .list(let elements): return .array(elements.map { $0.resolved(with: variables) ?? .null })
    case .object(let fields):
      return .object(fields.compactMap { field in
        field.value.resolved(with: variables).map { JSONMember(field.name, $0) }
      })
    }
  }

  /// Whether the value names a variable anywhere, so its storage key depends on the request.
  var usesVariables: Bool {
    switch self {
    case .literal: false
    case .variable: true
    case .list(let elements): elements.contains { $0.usesVariables }
    case .object(let fields): fields.contains { $0.value.usesVariables }
    }
  }
}
