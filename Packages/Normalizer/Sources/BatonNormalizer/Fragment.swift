/// A named fragment: its own selections, read separately from its parent (data masking).
public final class Fragment: Sendable {
  public let name: String
  public let typeCondition: String
  /// The concrete types the type condition matches.
  public let possibleTypes: Set<String>
  public let selections: [Selection]
  /// `@throwOnFieldError`: a field error read under this fragment makes reading it throw.
  public let throwOnFieldError: Bool
  /// `@catch` on the definition: the fragment's field errors (and `@required(action: THROW)`
  /// nulls) are caught, the read's `caughtErrors`, rather than reported.
  public let catchTo: CatchTarget?
  /// Where the fragment is declared, as `#fileID` gives it: for generated code, its
  /// generated file. A runtime issue about what the fragment read points there.
  public let fileID: StaticString
  /// The line of that declaration.
  public let line: UInt
  /// `@argumentDefinitions(...)`: the fragment's own variables, set by each spread.
  public let argumentDefinitions: [FragmentArgument]
  /// Whether two composite fields of `selections` may share a response key: worked out
  /// once, for normalizing a deferred spread's fields on their own.
  let selectionsMayOverlap: Bool
  /// `selections` as the reader and the normalizer walk them.
  let steps: SelectionSteps
  /// How many slots the fragment's data has, counted once: it is read at every spread.
  let slotCount: Int
  private let matching: PossibleTypes

  /// `fileID` and `line` default to the caller's, so generated metadata names its own file.
  public init(
    name: String, on typeCondition: String, possibleTypes: Set<String>? = nil,
    selections: [Selection], throwOnFieldError: Bool = false, catchTo: CatchTarget? = nil,
    argumentDefinitions: [FragmentArgument] = [], fileID: StaticString = #fileID, line: UInt = #line
  ) {
    self.name = name
    self.typeCondition = typeCondition
    let possibleTypes = possibleTypes ?? [typeCondition]
    self.possibleTypes = possibleTypes
    self.matching = PossibleTypes(possibleTypes)
    self.selections = selections
    self.steps = SelectionSteps(selections)
    self.throwOnFieldError = throwOnFieldError
    self.catchTo = catchTo
    self.argumentDefinitions = argumentDefinitions
    self.selectionsMayOverlap = selections.mayRepeatCompositeKey
    self.slotCount = selections.slotCount
    self.fileID = fileID
    self.line = line
  }
}

/// One of a fragment's `@argumentDefinitions`: a variable of the fragment's own, with the
/// value it takes when a spread gives none.
public struct FragmentArgument: Sendable, Hashable {
  public let name: String
  /// `nil`: no default, so a spread that gives no value leaves the variable absent.
  public let defaultValue: JSONValue?

  public init(_ name: String, defaultValue: JSONValue? = nil) {
    self.name = name
    self.defaultValue = defaultValue
  }
}

extension Fragment {
  /// Whether an object of type `typename` matches the type condition.
  func matches(_ typename: String) -> Bool {
    matching.contains(typename)
  }
}
