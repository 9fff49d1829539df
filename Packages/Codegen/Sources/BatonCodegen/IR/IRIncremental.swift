import GraphQLSyntax

/// `@defer(label:, if:)` on a spread or an inline fragment: the label the text sends and the
/// runtime knows the fragment by (the document's, else the one `DeferLabeler` wrote), the
/// name its Swift member is made from, and the variable of a non-literal `if`.
struct IRDefer: Sendable, Equatable {
  var label: String
  /// The document's label, else one unique in its selection set (`deferred2`, the fragment's
  /// name), so that a compiler-made label never shows in Swift.
  var name: String
  var condition: IRCondition?
  /// Whether the document's author wrote the label.
  var isWritten: Bool
}

/// `@stream(label:, initialCount:, if:)` on a list field.
struct IRStream: Sendable, Equatable {
  var label: String
  var initialCount: Int
  var condition: IRCondition?
}

extension IRBuilder {
  /// The `@defer` among `directives`, named `fallbackName` when its author gave no label;
  /// `nil` without one or with a literal `if: false` (then the fragment is read inline).
  static func deferDirective(_ directives: [Directive], fallbackName: String) -> IRDefer? {
    guard let directive = directives.first(where: { $0.name.value == "defer" }),
      case .on(let condition) = Switch(directive)
    else { return nil }
    let label = stringArgument(directive, "label") ?? fallbackName
    let isWritten = !directives.contains { $0.name.value == DeferLabeler.generatedDirective }
    return IRDefer(label: label, name: isWritten ? label : fallbackName, condition: condition, isWritten: isWritten)
  }

  /// The `@stream` among `directives`, labelled `fallbackLabel` when it has no label.
  static func streamDirective(_ directives: [Directive], fallbackLabel: String) -> IRStream? {
    guard let directive = directives.first(where: { $0.name.value == "stream" }),
      case .on(let condition) = Switch(directive)
    else { return nil }
    var initialCount = 0
    if case .int(let literal)? = directive.arguments.first(where: { $0.name.value == "initialCount" })?.value {
      initialCount = Int(literal.value) ?? 0
    }
    return IRStream(label: stringArgument(directive, "label") ?? fallbackLabel, initialCount: initialCount, condition: condition)
  }

  /// What `if:` says: a literal `false` turns the directive off; a variable decides per
  /// request; none or a literal `true` always applies it.
  private enum Switch {
    case off
    case on(IRCondition?)

    init(_ directive: Directive) {
      switch directive.arguments.first(where: { $0.name.value == "if" })?.value {
      case .boolean(let literal)?: self = literal.value ? .on(nil) : .off
      case .variable(let variable)?: self = .on(IRCondition(variable: variable.name.value, passingValue: true))
      default: self = .on(nil)
      }
    }
  }

  private static func stringArgument(_ directive: Directive, _ name: String) -> String? {
    if case .string(let value)? = directive.arguments.first(where: { $0.name.value == name })?.value { return value.value }
    return nil
  }
}
