/// `@defer(label:, if:)` on an inline fragment or a fragment spread: the server may send the
/// fragment's fields after the rest, in an `incremental` payload of its own.
///
/// Until they arrive the fragment is *pending*: it reads as `DeferredFragment.pending`, without a
/// `missing` event, a zero value or a heal. Which fragments are pending the store keeps on
/// the record they belong to (see `IncrementalResponse`), so a read from cache sees the same
/// state as one during the fetch.
public struct DeferDirective: Sendable, Hashable {
  /// The fragment's label as the text sends it, which the server's `pending` entries name.
  /// The compiler writes one into the text for a `@defer` written without it: a `pending`
  /// entry without a label could not tell two fragments at one path apart.
  public let label: String
  /// The variable of `if: $variable`; `nil` when the fragment is always deferred. A literal
  /// `if: false` never reaches the runtime: the compiler inlines the fragment.
  public let condition: Condition?

  public init(label: String, if condition: Condition? = nil) {
    self.label = label
    self.condition = condition
  }

  /// Whether the request defers the fragment at all.
  func isActive(_ variables: [String: JSONValue]) -> Bool {
    guard let condition else { return true }
    return [condition].pass(variables)
  }

  /// The record field that says whether the fragment is pending or failed there.
  var stateKey: String { IncrementState.key(defer: label) }
}

/// `@stream(label:, initialCount:, if:)` on a list field: the server sends the first
/// `initialCount` items with the rest of the response and the others as they come.
public struct StreamDirective: Sendable, Hashable {
  /// The stream's label, unique in its operation, which the server's `pending` entries name.
  public let label: String
  public let initialCount: Int
  /// The variable of `if: $variable`; `nil` when the field always streams.
  public let condition: Condition?

  public init(label: String, initialCount: Int = 0, if condition: Condition? = nil) {
    self.label = label
    self.initialCount = initialCount
    self.condition = condition
  }

  func isActive(_ variables: [String: JSONValue]) -> Bool {
    guard let condition else { return true }
    return [condition].pass(variables)
  }

  /// The record field (on the list field's parent) that says whether more items are coming.
  var stateKey: String { IncrementState.key(stream: label) }
}

extension [Selection] {
  /// Whether `members` has every field these selections always select (fields under a
  /// condition, a type condition or another `@defer` aside; `__typename` and client
  /// extensions need not be there).
  func fieldsPresent(in members: [JSONMember]) -> Bool {
    fieldsPresent { key in members.contains { $0.key == key } }
  }

  /// Whether an object has every field these selections always select, `present` telling
  /// whether it has a member of a response key; see `fieldsPresent(in:)`.
  func fieldsPresent(where present: (String) -> Bool) -> Bool {
    allSatisfy { selection in
      switch selection {
      case .field(let field):
        field.isTypename || field.isClientExtension || !field.conditions.isEmpty || present(field.responseKey)
      case .inlineFragment(let fragment):
        fragment.typeCondition != nil || !fragment.conditions.isEmpty || fragment.deferred != nil
          || fragment.selections.fieldsPresent(where: present)
      case .fragmentSpread(let spread):
        !spread.conditions.isEmpty || spread.deferred != nil
          || spread.fragment.selections.fieldsPresent(where: present)
      }
    }
  }
}
