/// A field in a selection set, with everything the normalizer and reader need to know.
///
/// Meant to be a static value in generated code: storage keys of fields whose arguments
/// use no variables are computed once, when the value is made. A class, so that walking a
/// selection set copies a reference rather than every property.
public final class FieldSelection: Sendable {
  public let alias: String?
  public let name: String
  public let arguments: [Argument]
  public let type: TypeReference
  /// The selection set of an object, interface or union field; empty for leaves. Every
  /// object selection carries `__typename`.
  public let selections: [Selection]
  /// For composite fields, the key fields of each concrete type that has them
  /// (`["User": ["id"]]`); objects of other types are named by their path.
  public let keyFields: [String: [String]]
  /// For interface and union fields, the concrete types an object there may have; `nil`
  /// when not known. An object type's own name is its only possible type.
  public let possibleTypes: Set<String>?
  public let conditions: [Condition]
  public let required: RequiredAction?
  public let catchTo: CatchTarget?
  /// Declared by a client schema extension: kept in the store but not sent to the server,
  /// so a response need not have it, and a read that finds it unset reports nothing (the
  /// server cannot heal it), as Relay's reader treats client extensions.
  public let isClientExtension: Bool
  /// `@connection`: the field's pages merge into one connection record, which reads see.
  public let connection: ConnectionMetadata?
  /// `@appendEdge`, `@deleteRecord`, ...: what a mutation's value here does to connections.
  public let listEdit: ListEdit?
  /// `@stream`: the list's items after the first `initialCount` may arrive later.
  public let stream: StreamDirective?
  /// `@fieldPolicy(forField:keyArgs:)` on the parent type: the record the field's arguments
  /// name, read where the store has no link for the field.
  public let redirect: CacheRedirect?
  /// A `@required(action: NONE or LOG)` field of `selections` (or of an inline fragment in
  /// them) can null the object, so the object's position is nullable whatever the schema
  /// says and such a null stops there, in a list at the item, as in Relay's reader.
  let childrenCanBubbleNull: Bool

  /// The key the response uses: the alias, else the name.
  public let responseKey: String
  /// Whether this is `__typename`: decided once, not by comparing names on every object
  /// normalized or read.
  let isTypename: Bool
  /// `responseKey`'s bytes as the JSON tape compares them, when it has sixteen or fewer.
  let packedResponseKey: PackedKey?
  let constantStorageKey: String?
  /// `selections` as the reader and the normalizer walk them.
  let steps: SelectionSteps
  /// For a composite field, the selection sets of its objects when no other field merges
  /// into them (see `ObjectSelections`), with whether they may repeat a composite key and
  /// the room a record of them takes.
  let objectSelections: ObjectSelections?
  /// How many slots an object read for `selections` has (`slotCount`): its slots are
  /// allocated once, at their size, where inline fragments would otherwise grow them.
  let slotCount: Int
  /// `possibleTypes`, as reads ask it of every object the field links to.
  private let admitted: PossibleTypes?
  /// `keyFields`, as normalizing asks it of every object the field holds.
  private let keyFieldsByType: TypeNameTable<[KeyField]>

  public init(
    alias: String? = nil, name: String, arguments: [Argument] = [], type: TypeReference,
    selections: [Selection] = [], keyFields: [String: [String]] = [:], possibleTypes: Set<String>? = nil,
    conditions: [Condition] = [], required: RequiredAction? = nil, catchTo: CatchTarget? = nil,
    isClientExtension: Bool = false, connection: ConnectionMetadata? = nil, listEdit: ListEdit? = nil,
    stream: StreamDirective? = nil, redirect: CacheRedirect? = nil
  ) {
    self.stream = stream
    self.redirect = redirect
    self.alias = alias
    self.name = name
    self.arguments = arguments
    self.type = type
    self.selections = selections
    self.steps = SelectionSteps(selections)
    self.keyFields = keyFields
    self.possibleTypes = possibleTypes
    self.conditions = conditions
    self.required = required
    self.catchTo = catchTo
    self.isClientExtension = isClientExtension
    self.connection = connection
    self.listEdit = listEdit
    self.childrenCanBubbleNull = selections.childrenCanBubbleNull
    self.responseKey = alias ?? name
    self.packedResponseKey = PackedKey(responseKey)
    self.isTypename = name == "__typename"
    self.constantStorageKey = arguments.contains { $0.value.usesVariables }
      ? nil : StorageKey.make(name: name, arguments: arguments, variables: [:])
    self.objectSelections = type.isComposite ? ObjectSelections(steps) : nil
    self.slotCount = selections.slotCount
    self.admitted = possibleTypes.map(PossibleTypes.init)
    self.keyFieldsByType = TypeNameTable(keyFields.lazy.map { ($0.key, $0.value.map(KeyField.init)) })
  }

  /// The key fields of an object of type `typename` this field holds, or `nil` when the
  /// type has none.
  func keyFields(of typename: String) -> [KeyField]? {
    keyFieldsByType[typename]
  }

  /// A key field's name, and its bytes packed for finding it among an object's members.
  struct KeyField: Sendable {
    let name: String
    let packed: PackedKey?

    init(_ name: String) {
      self.name = name
      packed = PackedKey(name)
    }
  }

  /// The field's storage key for a request's variables.
  public func storageKey(_ variables: [String: JSONValue]) -> String {
    constantStorageKey ?? StorageKey.make(name: name, arguments: arguments, variables: variables)
  }

  /// Where reads find the field: the connection's storage key for a `@connection` field,
  /// else `storageKey(_:)`.
  public func readStorageKey(_ variables: [String: JSONValue]) -> String {
    guard let connection else { return storageKey(variables) }
    return connection.storageKey(for: self, variables: variables)
  }

  /// Whether an object of type `typename` can be this field's value: for an object type,
  /// only itself; for an interface or union, one of `possibleTypes` when they are known.
  func admits(_ typename: String) -> Bool {
    switch type.kind {
    case .object: typename == type.name
    case .interface, .union: admitted?.contains(typename) ?? true
    case .scalar, .enumeration: false
    }
  }
}

extension [Selection] {
  /// At most how many fields a record normalized from these selections stores: every
  /// storage key but `__typename`'s, through inline fragments and spreads whatever their
  /// conditions, so that a record's fields are allocated once and no larger than they need
  /// be. A key selected more than once (an `id` under each type of an interface) counts
  /// once; a key made from variables is not known yet, and counts each time.
  var storedFieldBound: Int {
    var constantKeys: Set<String> = []
    var variableKeys = 0
    collectStoredKeys(into: &constantKeys, variableKeys: &variableKeys)
    return constantKeys.count + variableKeys
  }

  private func collectStoredKeys(into constantKeys: inout Set<String>, variableKeys: inout Int) {
    for selection in self {
      switch selection {
      case .field(let field):
        if field.isTypename { continue }
        if let key = field.constantStorageKey { constantKeys.insert(key) } else { variableKeys += 1 }
      case .inlineFragment(let fragment):
        fragment.selections.collectStoredKeys(into: &constantKeys, variableKeys: &variableKeys)
      case .fragmentSpread(let spread):
        spread.fragment.selections.collectStoredKeys(into: &constantKeys, variableKeys: &variableKeys)
      }
    }
  }

  /// Whether a field here, or in an inline fragment here, is `@required(action: NONE or LOG)`.
  var childrenCanBubbleNull: Bool {
    contains { selection in
      switch selection {
      case .field(let field): field.required == RequiredAction.none || field.required == .log
      case .inlineFragment(let fragment): fragment.selections.childrenCanBubbleNull
      case .fragmentSpread: false
      }
    }
  }
}
