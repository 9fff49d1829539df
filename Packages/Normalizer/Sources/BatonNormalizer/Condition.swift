/// `@include(if: $variable)` or `@skip(if: $variable)`: the selection counts only when the
/// variable equals `passingValue` (`true` for include, `false` for skip). Literal
/// conditions are resolved by the compiler and never reach the runtime.
public struct Condition: Sendable, Hashable {
  public var variable: String
  public var passingValue: Bool

  public init(variable: String, passingValue: Bool) {
    self.variable = variable
    self.passingValue = passingValue
  }

  public static func include(_ variable: String) -> Condition { Condition(variable: variable, passingValue: true) }
  public static func skip(_ variable: String) -> Condition { Condition(variable: variable, passingValue: false) }
}

extension [Condition] {
  /// Whether every condition passes. A variable that is absent or not a boolean fails its
  /// condition, so a malformed request selects less rather than inventing data.
  @inline(__always)
  func pass(_ variables: [String: JSONValue]) -> Bool {
    // Nearly every selection has no condition: answered without a call.
    isEmpty || allPass(variables)
  }

  private func allPass(_ variables: [String: JSONValue]) -> Bool {
    allSatisfy { condition in
      if case .bool(let value) = variables[condition.variable] { return value == condition.passingValue }
      return false
    }
  }
}
