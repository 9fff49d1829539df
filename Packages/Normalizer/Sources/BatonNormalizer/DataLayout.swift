/// What a generated data struct reads: its selections, and the slot of its object where
/// their values start (0, or, for a type case reading its parent's object, where the case's
/// slots begin).
public struct DataLayout: Sendable {
  /// The selections, in slot order.
  public let selections: [Selection]
  /// The first slot of the selections' values.
  public let base: Int

  /// `selections` from slot `base`.
  public init(_ selections: [Selection], base: Int = 0) {
    self.selections = selections
    self.base = base
  }
}
