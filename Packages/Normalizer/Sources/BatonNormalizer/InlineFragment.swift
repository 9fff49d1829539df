/// `... on Type { ... }` (or `... @include(if: $x) { ... }` without a type condition).
public final class InlineFragment: Sendable {
  /// The type condition, or `nil` when the fragment has none.
  public let typeCondition: String?
  /// The concrete types the condition matches (the type itself for an object type).
  public let possibleTypes: Set<String>
  public let selections: [Selection]
  public let conditions: [Condition]
  /// `@defer`: the fields may arrive after the rest of the response.
  public let deferred: DeferDirective?
  /// `@catch` on an aliased inline fragment: the fields read as one object of their own, in
  /// one slot of the parent's, and a field error among them makes that slot the caught
  /// errors (`.result`) or null (`.null`). Without it the fields' slots are the parent's.
  public let catchTo: CatchTarget?
  /// Whether two composite fields of `selections` may share a response key: worked out
  /// once, for normalizing a deferred fragment's fields on their own.
  let selectionsMayOverlap: Bool
  /// `selections` as the reader and the normalizer walk them.
  let steps: SelectionSteps
  /// How many slots the fragment takes in its parent's data, counted once: one for a
  /// caught fragment (its data or errors), else its selections'. A read asks it of every
  /// object, matched or not.
  let slotCount: Int
  private let matching: PossibleTypes

  public init(
    on typeCondition: String?, possibleTypes: Set<String>? = nil, selections: [Selection],
    conditions: [Condition] = [], deferred: DeferDirective? = nil, catchTo: CatchTarget? = nil
  ) {
    self.deferred = deferred
    self.catchTo = catchTo
    self.typeCondition = typeCondition
    let possibleTypes = possibleTypes ?? typeCondition.map { [$0] } ?? []
    self.possibleTypes = possibleTypes
    self.matching = PossibleTypes(possibleTypes)
    self.selections = selections
    self.steps = SelectionSteps(selections)
    self.conditions = conditions
    self.selectionsMayOverlap = selections.mayRepeatCompositeKey
    self.slotCount = catchTo == nil ? selections.slotCount : 1
  }

  func matches(_ typename: String?) -> Bool {
    guard typeCondition != nil else { return true }
    guard let typename else { return false }
    return matching.contains(typename)
  }
}
