extension DataResponse {
  /// Normalizes this response for `selections` into a source of its own and reads it back,
  /// as a fetch would: the object (its slots after `base` empty ones, for a type case read
  /// on its parent's object) and the source its spreads read from, with `variables`, so
  /// the conditional selections given read as included. Fields the response leaves out
  /// read as missing; a null that propagates to the top reads as an object
  /// without fields, whose accessors give zero values.
  public func built(selections: [Selection], base: Int = 0) -> (data: DataObject, source: RecordSource) {
    let root = RecordID.root
    let steps = SelectionSteps(selections)
    var source = RecordSource()
    if case .object(let members) = data {
      var indexed: [(index: Int, path: [PathComponent], error: FieldError)] = []
      for (index, error) in errors.enumerated() { indexed.append((index, error.path, error)) }
      var normalizer = ResponseNormalizer(variables: variables, isPartial: true, errorCount: errors.count)
      do {
        try normalizer.normalizeRoot(
          members, selections: ObjectSelections(steps), at: root,
          errors: ErrorTrie(indexed), responsePath: [])
        source = RecordSource(records: normalizer.changeset)
        // A `@connection`'s edges are read from its connection record, which the merge of
        // its page makes, as a fetch's commit does.
        if !normalizer.connectionPages.isEmpty { source.merge(source.connectionChanges(for: normalizer.connectionPages)) }
      } catch {
        source = RecordSource()
      }
    }
    var reader = Reader(source: source, owner: .operation("builder"), variables: variables, onError: .propagate, throwOnFieldError: false)
    let read = reader.readRoot(root, selections: steps)
    let typename = source[root]?.typename ?? ""
    let fields = read.data?.fields ?? []
    let object = DataObject(
      typename: read.data?.typename ?? typename, id: root,
      fields: base == 0 ? fields : Array(repeating: .absent, count: base) + fields)
    return (object, source)
  }

  /// This response with a field error at `path` (response keys and list indices from the
  /// top of `data`): the null lands where a server would put it, at the field or, when the
  /// field is non-null, at its nearest nullable parent (the whole `data` when none is).
  /// Under a `@catch` it stays at the field, as `onError: NULL` keeps it, for the catch to
  /// catch it there.
  public func settingFieldError(_ error: FieldError, selections: [Selection]) -> DataResponse {
    var result = self
    let landing = Self.nullablePrefix(error.path, selections: selections)
    if let landing {
      result.data = Self.setting(.null, at: error.path[..<landing], in: data)
    } else {
      result.data = .null
    }
    result.errors.append(error)
    return result
  }

  /// How long the longest prefix of `path` that names a nullable value is, or `nil` when
  /// every value on the path is non-null. An unknown key counts as nullable; a path through
  /// a `@catch` field or an aliased inline fragment under `@catch` lands whole.
  private static func nullablePrefix(_ path: [PathComponent], selections: [Selection]) -> Int? {
    var landing: Int?
    var current = selections
    var type: TypeReference?
    var level = 0
    var caught = false
    for (index, component) in path.enumerated() {
      switch component {
      case .key(let key):
        guard let (field, inCaughtFragment) = current.fieldAndCatch(responseKey: key) else { return index + 1 }
        caught = caught || field.catchTo != nil || inCaughtFragment
        type = field.type
        level = 0
        current = field.selections
      case .index:
        level += 1
      }
      guard let type, type.levels.indices.contains(level) else { return index + 1 }
      if type.levels[level] != .nonNull { landing = index + 1 }
    }
    return caught ? path.count : landing
  }

  private static func setting(_ value: JSONValue, at path: ArraySlice<PathComponent>, in json: JSONValue) -> JSONValue {
    guard let first = path.first else { return value }
    let rest = path.dropFirst()
    switch (first, json) {
    case (.key(let key), .object(var members)):
      guard let index = members.firstIndex(where: { $0.key == key }) else {
        return rest.isEmpty ? .object(members + [JSONMember(key, value)]) : json
      }
      members[index].value = setting(value, at: rest, in: members[index].value)
      return .object(members)
    case (.index(let index), .array(var items)) where items.indices.contains(index):
      items[index] = setting(value, at: rest, in: items[index])
      return .array(items)
    default:
      return json
    }
  }
}

extension [Selection] {
  /// The field with `responseKey` among these selections, inline fragments' and spread
  /// fragments' included, and whether an inline fragment under `@catch` holds it.
  func fieldAndCatch(responseKey: String) -> (FieldSelection, Bool)? {
    for selection in self {
      switch selection {
      case .field(let field) where field.responseKey == responseKey: return (field, false)
      case .field: continue
      case .inlineFragment(let fragment):
        if let (field, caught) = fragment.selections.fieldAndCatch(responseKey: responseKey) {
          return (field, caught || fragment.catchTo != nil)
        }
      case .fragmentSpread(let spread):
        if let found = spread.fragment.selections.fieldAndCatch(responseKey: responseKey) { return found }
      }
    }
    return nil
  }
}
