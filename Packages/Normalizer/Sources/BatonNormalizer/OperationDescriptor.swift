/// A query, mutation or subscription as the runtime sees it: the root selections and the
/// policies that decide how its field errors read.
public struct OperationDescriptor: Sendable {
  public enum Kind: Sendable, Hashable { case query, mutation, subscription }

  public let name: String
  public let kind: Kind
  public let selections: [Selection]
  public let onError: OnErrorMode
  /// `@throwOnFieldError` on the operation: a field error read makes the operation fail.
  public let throwOnFieldError: Bool
  /// `@catch` on the operation: the field errors its read meets (and its
  /// `@required(action: THROW)` nulls) are caught, and its data reads as
  /// `DataObject.caughtOperation` says.
  public let catchTo: CatchTarget?
  /// Where the operation is declared, as `#fileID` gives it: for generated code, its
  /// generated file. A runtime issue about what the operation read points there.
  public let fileID: StaticString
  /// The line of that declaration.
  public let line: UInt
  /// Whether two composite fields of `selections` may share a response key (see `ObjectSelections`).
  let selectionsMayOverlap: Bool
  /// `selections` as the reader and the normalizer walk them.
  let steps: SelectionSteps

  /// `fileID` and `line` default to the caller's, so generated metadata names its own file.
  public init(
    name: String, kind: Kind = .query, selections: [Selection], onError: OnErrorMode = .propagate,
    throwOnFieldError: Bool = false, catchTo: CatchTarget? = nil, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    self.name = name
    self.kind = kind
    self.selections = selections
    self.steps = SelectionSteps(selections)
    self.onError = onError
    self.throwOnFieldError = throwOnFieldError
    self.catchTo = catchTo
    self.fileID = fileID
    self.line = line
    self.selectionsMayOverlap = selections.mayRepeatCompositeKey
  }
}
