/// Emits `Input`'s literal conformances, for the wrapped types a literal names without
/// doubt: `nil` is `.absent` (left out, as Apollo's `GraphQLNullable` reads it; `.null`
/// stays explicit), and a string, integer, float, boolean or array literal is `.value`
/// when `Wrapped` is `String`, `Int`, `Double`, `Bool` or an array. Enums and input objects
/// get none: `.value(.new)` says which type is meant.
struct InputLiteralsEmitter {
  let context: EmitContext

  private static let literals: [(protocols: String, condition: String, initializer: String)] = [
    ("Swift.ExpressibleByNilLiteral", "", "init(nilLiteral: ()) { self = .absent }"),
    (
      "Swift.ExpressibleByUnicodeScalarLiteral, Swift.ExpressibleByExtendedGraphemeClusterLiteral, Swift.ExpressibleByStringLiteral",
      " where Wrapped == Swift.String", "init(stringLiteral value: Swift.String) { self = .value(value) }"),
    ("Swift.ExpressibleByIntegerLiteral", " where Wrapped == Swift.Int", "init(integerLiteral value: Swift.Int) { self = .value(value) }"),
    ("Swift.ExpressibleByFloatLiteral", " where Wrapped == Swift.Double", "init(floatLiteral value: Swift.Double) { self = .value(value) }"),
    ("Swift.ExpressibleByBooleanLiteral", " where Wrapped == Swift.Bool", "init(booleanLiteral value: Swift.Bool) { self = .value(value) }"),
    (
      "Swift.ExpressibleByArrayLiteral", " where Wrapped: Swift.RangeReplaceableCollection & Swift.ExpressibleByArrayLiteral",
      "init(arrayLiteral elements: Wrapped.Element...) { self = .value(Wrapped(elements)) }"
    ),
  ]

  func emit(into writer: inout SwiftWriter) {
    for literal in Self.literals {
      writer.line()
      writer.block("nonisolated extension \(context.qualified("Input")): \(literal.protocols)\(literal.condition) {") { writer in
        writer.line("\(context.access)\(literal.initializer)")
      }
    }
  }
}
