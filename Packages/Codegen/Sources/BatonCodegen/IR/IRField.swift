import GraphQLSyntax

/// One field of a selection set after merging every selection of its response key: its
/// schema type, nullability at each list level, and the `@required`, `@catch` and
/// `@throwOnFieldError` that apply.
struct IRField: Sendable {
  /// How null reads at one list level of the field (outermost first).
  enum Level: Sendable, Equatable {
    case nullable
    case nonNull
    case semanticNonNull
  }

  enum Required: String, Sendable { case none = "NONE", log = "LOG", `throw` = "THROW" }
  enum Catch: String, Sendable { case result = "RESULT", null = "NULL" }

  var responseKey: String
  var alias: String?
  var name: String
  var arguments: [GraphQLSyntax.Argument]
  var typeName: String
  var typeKind: TypeKind
  var levels: [Level]
  /// A handling policy (`@catch` on the field or above it in the same owner, or the owner's
  /// `@throwOnFieldError`) is in place, so semantic non-null reads as non-null.
  var hasPolicy: Bool
  var required: Required?
  /// A `@catch` above the field in the same owner catches a null at its `@required(action: THROW)`.
  var isUnderCatch: Bool
  var catchTo: Catch?
  var conditions: [IRCondition]
  /// The schema field's description and `@deprecated(reason:)`, for the accessor's docs.
  var description: String?
  var deprecationReason: String?
  var selectionSet: IRSelectionSet?
  /// Declared by a client schema extension: not sent, kept in the store.
  var isClientExtension: Bool
  /// Added by the compiler (a key field the document did not select): in the metadata
  /// and the text sent, but no property of the data type (data masking, as Relay's).
  var isMasked: Bool
  /// `@connection(key:, filters:)`: the key, and the arguments that tell connections apart.
  var connection: IRConnection? = nil
  /// `@appendEdge`, `@deleteRecord`, ...: the `BatonNormalizer.ListEdit` literal's arguments.
  var listEdit: IRListEdit? = nil
  /// `@stream(label:, initialCount:, if:)`: read as `Streamed`.
  var stream: IRStream? = nil
  /// `@fieldPolicy(forField:keyArgs:)` on the parent type: the key arguments of its cache redirect.
  var redirectKeyArguments: [String]? = nil
  /// Not a field but an aliased inline fragment under `@catch` (`... on User @alias(as: "x")
  /// @catch`): read as one object of its own, named by its alias, whose type is the
  /// fragment's; the metadata is an inline fragment, not a field.
  var aliasedFragment: IRAliasedFragment? = nil

  /// Whether the value at `level` is non-optional in Swift, before `@required`, `@catch`
  /// and conditions change the outermost level. An object whose own fields can null it
  /// (`childrenCanBubbleNull`) is optional whatever the schema says, so that null stops
  /// there, in a list at the item, as in Relay.
  func isNonNull(at level: Int) -> Bool {
    if level == levels.count - 1, selectionSet?.childrenCanBubbleNull == true { return false }
    return switch levels[level] {
    case .nullable: false
    case .nonNull: true
    case .semanticNonNull: hasPolicy
    }
  }

  /// `@required(action: THROW)` with no `@catch` above: the accessor throws when the field is null.
  var throwsWhenNull: Bool { required == .throw && !isUnderCatch }

  /// Whether the outermost level is non-optional in Swift.
  var isOuterNonOptional: Bool {
    if !conditions.isEmpty { return false }
    if catchTo == .null { return false }
    if required != nil { return true }
    return isNonNull(at: 0)
  }
}

/// An aliased inline fragment's type condition (`nil` without one) and the first field it
/// selects by response key, where a builder puts the errors it caught.
struct IRAliasedFragment: Sendable {
  var typeCondition: String?
  var firstKey: String
}

/// `@include(if: $variable)` (passing on `true`) or `@skip(if: $variable)` (on `false`).
struct IRCondition: Sendable, Equatable {
  var variable: String
  var passingValue: Bool
}

/// A `@connection` field's key and filter arguments (the listed `filters`, else every
/// argument given but `first`, `after`, `last` and `before`, as Relay does).
struct IRConnection: Sendable, Equatable {
  var key: String
  var filters: [String]
}

/// A list-edit directive on a mutation field: its kind as the metadata spells it (`.appendEdge`,
/// `.appendNode(edgeTypeName: "E")`, ...) and its `connections:` argument.
struct IRListEdit: Sendable {
  var kind: String
  var connections: GraphQLSyntax.Value?
}
