import GraphQLSyntax

/// The merged selections on one type: fields by response key in first-appearance order,
/// fragment spreads (masked: only a reference is kept), and type cases for inline
/// fragments on other types.
struct IRSelectionSet: Sendable {
  var typeName: String
  /// The concrete types the set can be read on, sorted.
  var possibleTypes: [String]
  var fields: [IRField]
  var spreads: [IRSpread]
  var typeCases: [IRTypeCase]

  /// A `@required(action: NONE or LOG)` field of the set, or of a type case in it, nulls
  /// the object the set reads, as Relay's `__childrenCanBubbleNull` says; a THROW throws
  /// from its own accessor instead.
  var childrenCanBubbleNull: Bool {
    fields.contains { $0.required == IRField.Required.none || $0.required == .log }
      || typeCases.contains { $0.selectionSet.childrenCanBubbleNull }
  }

  /// Only fields the compiler added: the data type shows nothing of the set.
  var isMasked: Bool { spreads.isEmpty && typeCases.isEmpty && fields.allSatisfy(\.isMasked) }
}

/// `... on Type { }` on a type other than the parent's: read only when the object is one of
/// `selectionSet.possibleTypes`.
struct IRTypeCase: Sendable {
  var conditions: [IRCondition]
  var selectionSet: IRSelectionSet
  /// `... @defer { }`: a case of its own, on the parent's type or another, read as `DeferredFragment`.
  var deferred: IRDefer? = nil
  /// Every possible type of the parent is one of the case's: a deferred fragment without a
  /// type condition (or on the parent's own type), read on every object of the parent.
  var coversParent = false
}

/// `...Fragment`: the parent keeps a reference; the fragment's own type reads its fields.
struct IRSpread: Sendable {
  var fragmentName: String
  var conditions: [IRCondition]
  /// Every possible type of the parent matches the fragment's type condition, so the
  /// reference is always there (unless `conditions` skip it).
  var alwaysMatches: Bool
  /// `@arguments(...)`: the values given to the fragment's `@argumentDefinitions`.
  var arguments: [GraphQLSyntax.Argument] = []
  /// `...Fragment @defer`: read as `DeferredFragment`.
  var deferred: IRDefer? = nil
}
