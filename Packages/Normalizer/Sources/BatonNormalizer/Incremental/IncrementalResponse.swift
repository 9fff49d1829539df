/// One operation's response delivered incrementally (`@defer`, `@stream`), in either format
/// of `IncrementalFormat`. In the incremental-delivery RFC's: an initial payload (`data`,
/// `errors`, `pending`, `hasNext`), then payloads of `incremental` entries (an `id` with
/// `data` for a deferred fragment or `items` for a stream, and `errors`), `completed` entries
/// (an `id`, with `errors` when the part failed as a whole), more `pending` and `hasNext`.
/// In Apollo's `deferSpec=20220824`, whose initial payload has no `pending`, each part the
/// operation defers under an object of a payload is pending from that payload on, and its
/// `incremental` entry (a `path` and `label`) makes it ready, or failed when its `data` or
/// `items` is null (see `IncrementalResponse+DeferSpec20220824.swift`).
///
/// Each payload normalizes into a changeset of its own, written before the next one is
/// normalized: the initial one as any response (the fields of a deferred fragment the server
/// did not inline are not missing), a deferred fragment's `data` through the same normalizer
/// rooted at the record at its path, a stream's `items` appended to its list in order. The
/// state of each part not yet complete is written on its record (`IncrementState`), so a
/// read, from the network or from cache, sees it pending or failed rather than missing.
@_spi(Development) public struct IncrementalResponse: Sendable {
  public let operation: OperationDescriptor
  public let variables: [String: JSONValue]
  /// Where the operation's root fields are stored.
  public let root: RecordID
  /// Whether the server said more payloads follow (`hasNext`); `true` until one says not.
  public private(set) var hasNext = true
  /// The reply's format, known from its first payload: `nil` before it, and when that
  /// payload was the whole response.
  public private(set) var format: IncrementalFormat?
  /// The parts not yet complete: by the `id` their `pending` entry gave, or, in the 2022
  /// format, by their path and label (`Pending.key`).
  var pending: [String: Pending] = [:]
  private var sawInitial = false

  struct Pending: Sendable {
    var path: [PathComponent]
    var label: String?
    /// A stream (its path is its list's): in the 2022 format it ends with the reply.
    var isStream = false
  }

  public init(operation: OperationDescriptor, variables: [String: JSONValue] = [:], at root: RecordID = .root) {
    self.operation = operation
    self.variables = variables
    self.root = root
  }

  /// Normalizes the next payload. `source` is the store with every earlier payload of this
  /// response written: the paths of later ones resolve to records there.
  public mutating func normalize(_ bytes: [UInt8], in source: RecordSource) throws(NormalizeError) -> ResponsePayload {
    let json: JSONValue
    do {
      json = try JSONReader.parse(bytes)
    } catch {
      throw NormalizeError(.invalidJSON(error), path: error.path)
    }
    guard case .object(let members) = json else {
      throw NormalizeError(.notAGraphQLResponse("the payload is \(json.kindDescription), not an object"))
    }
    var rest: [JSONMember] = []
    var announced: JSONValue?
    var subsequent: (incremental: JSONValue?, completed: JSONValue?) = (nil, nil)
    hasNext = false
    for member in members {
      switch member.key {
      case "hasNext": hasNext = member.value == .bool(true)
      case "pending": announced = member.value
      case "incremental": subsequent.incremental = member.value
      case "completed": subsequent.completed = member.value
      default: rest.append(member)
      }
    }
    var payload: ResponsePayload
    var location = Locator(self, source)
    let announcedParts = try note(announced)
    var unannounced = UnannouncedParts()
    if sawInitial {
      payload = ResponsePayload(records: RecordSource(), operationErrors: [], hasData: true, extensions: json["extensions"])
      let entries = try Self.list(subsequent.incremental, "incremental")
      // One normalizer for the whole payload: its entries' records merge as they are
      // written, as one response's do, and only the states and appended lists go on top.
      let errorCount = entries.reduce(0) { count, entry in
        if case .array(let errors)? = entry["errors"] { return count + errors.count }
        return count
      }
      var normalizer = ResponseNormalizer(variables: variables, isPartial: true, errorCount: errorCount)
      var errorBase = 0
      for (index, entry) in entries.enumerated() {
        if format == .deferSpec20220824 {
          try applyPathed(entry, at: Place("incremental", index), &normalizer, &errorBase, &payload, &location, &unannounced)
        } else {
          try apply(entry, at: Place("incremental", index), &normalizer, &errorBase, &payload, &location)
        }
      }
      payload.records = RecordSource(records: normalizer.changeset)
      payload.connectionPages = normalizer.connectionPages
      payload.listEdits = normalizer.listEdits
    } else {
      sawInitial = true
      payload = try BatonNormalizer.normalize(response: .object(rest), for: operation, variables: variables, at: root)
      if announced != nil {
        format = .pendingAndCompleted
      } else if hasNext {
        format = .deferSpec20220824
        if let data = json["data"] { unannounced.find(in: data, at: [], under: [operation.selections], variables) }
      }
    }
    if format == .deferSpec20220824 { settle(&unannounced) }
    // Parts announced here are pending on the objects this payload wrote (a fragment
    // deferred inside one that just arrived), until one of their own completes them.
    for part in announcedParts { mark(part, .pending, &location, payload.records.records) }
    for (part, state) in unannounced.states { mark(part, state, &location, payload.records.records) }
    for (index, entry) in try Self.list(subsequent.completed, "completed").enumerated() {
      try complete(entry, at: Place("completed", index), &location, payload.records.records)
    }
    payload.records.merge(location.written)
    return payload
  }

  /// The states of the parts still pending once the response ended without them (the
  /// connection dropped, or the server forgot them): failed, so no read waits for them.
  public mutating func abandon(in source: RecordSource) -> RecordSource {
    var location = Locator(self, source)
    let error = FieldError(message: "The response ended before this part arrived.")
    for part in pending.values { mark(part, .failed([error]), &location, [:]) }
    pending = [:]
    return location.written
  }

  // MARK: - Entries

  /// Notes the parts `announced` as pending and returns them.
  private mutating func note(_ announced: JSONValue?) throws(NormalizeError) -> [Pending] {
    let entries = try Self.list(announced, "pending")
    var parts: [Pending] = []
    parts.reserveCapacity(entries.count)
    pending.reserveCapacity(pending.count + entries.count)
    for (index, entry) in entries.enumerated() {
      let place = Place("pending", index)
      guard case .string(let id)? = entry["id"] else {
        throw NormalizeError(.notAGraphQLResponse("a pending entry needs a string \"id\""), path: place.path)
      }
      let path = try Self.path(entry["path"], at: place, "path")
      var label: String?
      if case .string(let text)? = entry["label"] { label = text }
      let part = Pending(path: path, label: label)
      pending[id] = part
      parts.append(part)
    }
    return parts
  }

  private func part(_ entry: JSONValue, at place: Place) throws(NormalizeError) -> (id: String, Pending) {
    guard case .string(let id)? = entry["id"] else {
      throw NormalizeError(.notAGraphQLResponse("the entry needs a string \"id\""), path: place.path)
    }
    guard let part = pending[id] else {
      throw NormalizeError(.notAGraphQLResponse("the entry's id \"\(id)\" was never pending"), path: place.path)
    }
    return (id, part)
  }

  private func apply(
    _ entry: JSONValue, at place: Place, _ normalizer: inout ResponseNormalizer, _ errorBase: inout Int,
    _ payload: inout ResponsePayload, _ location: inout Locator
  ) throws(NormalizeError) {
    let (_, part) = try self.part(entry, at: place)
    let subPath = try Self.path(entry["subPath"], at: place, "subPath")
    let path = subPath.isEmpty ? part.path : part.path + subPath
    var errors = try Self.errors(entry["errors"], at: place)
    if errorBase > 0 { errors = errors.map { (index: $0.index + errorBase, path: $0.path, error: $0.error) } }
    errorBase += errors.count
    if case .array(let items)? = entry["items"] {
      try appendItems(items, to: path, errors: errors, at: place, &normalizer, &location)
    } else if case .object(let members)? = entry["data"] {
      _ = try normalizeFragment(
        members, labelled: part.label, at: part.path, subPath: subPath, errors: errors, place, &normalizer, &location)
    } else {
      throw NormalizeError(.notAGraphQLResponse("an incremental entry needs \"data\" or \"items\""), path: place.path)
    }
    if !errors.isEmpty { payload.operationErrors += errors.filter { !normalizer.landed[$0.index] }.map(\.error) }
  }

  /// Normalizes a deferred fragment's `data`, with the fragments that `label` names at the
  /// object at `partPath`, and returns their selections. With a `subPath` (an object there
  /// that an earlier payload sent, which the server does not send again) the data is that
  /// object's, and the selections the fragments' fields at `subPath` select.
  func normalizeFragment(
    _ members: [JSONMember], labelled label: String?, at partPath: [PathComponent], subPath: [PathComponent] = [],
    errors: [(index: Int, path: [PathComponent], error: FieldError)], _ place: Place,
    _ normalizer: inout ResponseNormalizer, _ location: inout Locator
  ) throws(NormalizeError) -> [Selection] {
    let path = subPath.isEmpty ? partPath : partPath + subPath
    guard let owner = location.object(at: partPath, normalizer.changeset),
      let target = subPath.isEmpty ? owner : location.object(at: path, normalizer.changeset)
    else {
      throw NormalizeError(
        .notAGraphQLResponse("the path \(path.pathDescription) leads to no object of the operation"), path: place.path)
    }
    var fragments = owner.deferred(labelled: label, variables: variables)
    if !subPath.isEmpty {
      var selections = fragments.selections
      for case .key(let key) in subPath { selections = Target.fields(key, in: selections).flatMap(\.selections) }
      fragments = (selections, selections.mayRepeatCompositeKey)
    }
    let relative = Self.relative(errors, to: path)
    try normalizer.normalizeRoot(
      members, selections: ObjectSelections(SelectionSteps(fragments.selections), mayOverlap: fragments.mayOverlap),
      at: target.id,
      typename: location.typename(of: target.id, normalizer.changeset),
      errors: relative.isEmpty ? nil : ErrorTrie(relative), responsePath: place.path("data"))
    location.keepSteps(unchangedIn: normalizer.changeset)
    return fragments.selections
  }

  /// Normalizes a stream's items as its list field alone, then writes the list as it was
  /// with them after (over what the normalizer wrote for the field). Returns the field's
  /// selections and the index of the first item appended.
  @discardableResult
  func appendItems(
    _ items: [JSONValue], to path: [PathComponent], errors: [(index: Int, path: [PathComponent], error: FieldError)],
    at place: Place, _ normalizer: inout ResponseNormalizer, _ location: inout Locator
  ) throws(NormalizeError) -> (selections: [Selection], firstIndex: Int) {
    guard case .key(let key)? = path.last, let parent = location.object(at: Array(path.dropLast()), normalizer.changeset),
      let field = parent.fields(key).first
    else {
      throw NormalizeError(
        .notAGraphQLResponse("the path \(path.pathDescription) leads to no list of the operation"), path: place.path)
    }
    let storageKey = field.storageKey(variables)
    let earlier = location.field(parent.id, storageKey, normalizer.changeset)
    guard case .list(let arrived)? = earlier?.value else {
      throw NormalizeError(
        .notAGraphQLResponse("the streamed list at \(path.pathDescription) is not in the store"), path: place.path)
    }
    let offset = arrived.count
    let shifted = Self.relative(errors, to: Array(path.dropLast())).map { entry in
      var entry = entry
      if entry.path.count > 1, case .index(let index) = entry.path[1] { entry.path[1] = .index(index - offset) }
      return entry
    }
    try normalizer.normalizeRoot(
      [JSONMember(key, .array(items))], selections: ObjectSelections(SelectionSteps([.field(field)]), mayOverlap: false),
      at: parent.id, typename: location.typename(of: parent.id, normalizer.changeset),
      errors: shifted.isEmpty ? nil : ErrorTrie(shifted), firstItem: offset, responsePath: place.path("items"))
    location.forgetSteps()
    guard let added = normalizer.changeset[parent.id]?.fields[storageKey], case .list(let new) = added.value else {
      return (field.selections, offset)
    }
    var record = StoreRecord(id: parent.id)
    record.fields[storageKey] = RecordField(.list(arrived + new), errors: (earlier?.errors ?? []) + added.errors)
    location.write(record)
    return (field.selections, offset)
  }

  private mutating func complete(
    _ entry: JSONValue, at place: Place, _ location: inout Locator, _ changes: [RecordID: StoreRecord]
  ) throws(NormalizeError) {
    let (id, part) = try self.part(entry, at: place)
    let errors = try Self.errors(entry["errors"], at: place).map(\.error)
    pending[id] = nil
    mark(part, errors.isEmpty ? nil : .failed(errors), &location, changes)
  }

  /// Writes a part's state (`nil`: complete) on its record: a stream's on the list's parent,
  /// a deferred fragment's on the object at its path.
  func mark(
    _ part: Pending, _ state: IncrementState?, _ location: inout Locator, _ changes: [RecordID: StoreRecord]
  ) {
    let field = state?.field ?? IncrementState.complete
    var record: StoreRecord
    if case .key(let key)? = part.path.last, let parent = location.object(at: Array(part.path.dropLast()), changes),
      let streamed = parent.fields(key).first(where: { $0.stream != nil }), let stream = streamed.stream,
      case .list? = location.field(parent.id, streamed.storageKey(variables), changes)?.value
    {
      record = StoreRecord(id: parent.id)
      record.fields[stream.stateKey] = field
    } else if let target = location.object(at: part.path, changes) {
      record = StoreRecord(id: target.id)
      target.visitDeferred(labelled: part.label, variables: variables) { directive, _, _ in
        record.fields[directive.stateKey] = field
      }
    } else {
      return
    }
    location.write(record)
  }

  // MARK: - Reading the payload's JSON

  static func list(_ value: JSONValue?, _ key: String) throws(NormalizeError) -> [JSONValue] {
    switch value {
    case nil, .null?: return []
    case .array(let items)?: return items
    case let other?: throw NormalizeError(.notAGraphQLResponse("\"\(key)\" is \(other.kindDescription), not a list"), path: [.key(key)])
    }
  }

  /// The path under `key` of the entry at `place`.
  static func path(_ value: JSONValue?, at place: Place, _ key: String) throws(NormalizeError) -> [PathComponent] {
    if value == nil { return [] }
    guard let path = [PathComponent](responsePath: try list(value, "path")) else {
      throw NormalizeError(.notAGraphQLResponse("a path holds only keys and non-negative integer indices"), path: place.path(key))
    }
    return path
  }

  /// The `errors` of the entry at `place`.
  static func errors(
    _ value: JSONValue?, at place: Place
  ) throws(NormalizeError) -> [(index: Int, path: [PathComponent], error: FieldError)] {
    let elements = try list(value, "errors")
    guard !elements.isEmpty else { return [] }
    let base = place.path("errors")
    var errors: [(index: Int, path: [PathComponent], error: FieldError)] = []
    for (index, element) in elements.enumerated() {
      let parsed = try ResponseBody.parseError(element, at: base + [.index(index)])
      errors.append((index, parsed.path, parsed.error))
    }
    return errors
  }

  /// Where an entry is in the payload (`incremental[2]`); its response path is built only
  /// when an error names it.
  struct Place {
    let list: String
    let index: Int

    init(_ list: String, _ index: Int) {
      self.list = list
      self.index = index
    }

    var path: [PathComponent] { [.key(list), .index(index)] }

    func path(_ key: String) -> [PathComponent] { [.key(list), .index(index), .key(key)] }
  }

  /// The errors under `prefix`, their paths made relative to it; the others are left out
  /// (they land nowhere and belong to the operation).
  static func relative(
    _ errors: [(index: Int, path: [PathComponent], error: FieldError)], to prefix: [PathComponent]
  ) -> [(index: Int, path: [PathComponent], error: FieldError)] {
    errors.compactMap { entry in
      guard entry.path.count > prefix.count, entry.path.starts(with: prefix) else { return nil }
      return (entry.index, Array(entry.path.dropFirst(prefix.count)), entry.error)
    }
  }
}
