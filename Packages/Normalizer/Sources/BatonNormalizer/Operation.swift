/// A query, mutation or subscription as the runtime sees it: the root selections and the
/// policies that decide how its field errors read.
public struct Operation: Sendable {
  public enum Kind: Sendable, Hashable { case query, mutation, subscription }

  public let name: String
  public let kind: Kind
  public let selections: [Selection]
  public let onError: OnErrorMode
  /// `@throwOnFieldError` on the operation: a field error read makes the operation fail.
  public let throwOnFieldError: Bool
  /// Whether two composite fields of `selections` may share a response key (see `ObjectSelections`).
  let selectionsMayOverlap: Bool

  public init(
    name: String, kind: Kind = .query, selections: [Selection], onError: OnErrorMode = .propagate,
    throwOnFieldError: Bool = false
  ) {
    self.name = name
    self.kind = kind
    self.selections = selections
    self.onError = onError
    self.throwOnFieldError = throwOnFieldError
    self.selectionsMayOverlap = selections.mayRepeatCompositeKey
  }
}
