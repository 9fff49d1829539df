/// One operation's response delivered incrementally (`@defer`, `@stream`), in the format of
/// the incremental-delivery RFC: an initial payload (`data`, `errors`, `pending`, `hasNext`),
/// then payloads of `incremental` entries (an `id` with `data` for a deferred fragment or
/// `items` for a stream, and `errors`), `completed` entries (an `id`, with `errors` when the
/// part failed as a whole), more `pending` and `hasNext`.
///
/// Each payload normalizes into a changeset of its own, written before the next one is
/// normalized: the initial one as any response (the fields of a deferred fragment the server
/// did not inline are not missing), a deferred fragment's `data` through the same normalizer
/// rooted at the record at its path, a stream's `items` appended to its list in order. The
/// state of each part not yet complete is written on its record (`IncrementState`), so a
/// read, from the network or from cache, sees it pending or failed rather than missing.
public struct IncrementalResponse: Sendable {
  public let operation: OperationDescriptor
  public let variables: [String: JSONValue]
  /// Where the operation's root fields are stored.
  public let root: RecordID
  /// Whether the server said more payloads follow (`hasNext`); `true` until one says not.
  public private(set) var hasNext = true
  private var pending: [String: Pending] = [:]
  private var sawInitial = false

  private struct Pending: Sendable {
    var path: [PathComponent]
    var label: String?
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
        try apply(entry, at: [.key("incremental"), .index(index)], &normalizer, &errorBase, &payload, &location)
      }
      payload.records = RecordSource(records: normalizer.changeset)
      payload.connectionPages = normalizer.connectionPages
      payload.listEdits = normalizer.listEdits
    } else {
      sawInitial = true
      payload = try BatonNormalizer.normalize(response: .object(rest), for: operation, variables: variables, at: root)
    }
    // Parts announced here are pending on the objects this payload wrote (a fragment
    // deferred inside one that just arrived), until one of their own completes them.
    for part in announcedParts { mark(part, .pending, &location, payload.records.records) }
    for (index, entry) in try Self.list(subsequent.completed, "completed").enumerated() {
      try complete(entry, at: [.key("completed"), .index(index)], &location, payload.records.records)
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
    var parts: [Pending] = []
    for (index, entry) in try Self.list(announced, "pending").enumerated() {
      let place: [PathComponent] = [.key("pending"), .index(index)]
      guard case .string(let id)? = entry["id"] else {
        throw NormalizeError(.notAGraphQLResponse("a pending entry needs a string \"id\""), path: place)
      }
      let path = try Self.path(entry["path"], at: place + [.key("path")])
      var label: String?
      if case .string(let text)? = entry["label"] { label = text }
      pending[id] = Pending(path: path, label: label)
      parts.append(Pending(path: path, label: label))
    }
    return parts
  }

  private func part(_ entry: JSONValue, at place: [PathComponent]) throws(NormalizeError) -> (id: String, Pending) {
    guard case .string(let id)? = entry["id"] else {
      throw NormalizeError(.notAGraphQLResponse("the entry needs a string \"id\""), path: place)
    }
    guard let part = pending[id] else {
      throw NormalizeError(.notAGraphQLResponse("the entry's id \"\(id)\" was never pending"), path: place)
    }
    return (id, part)
  }

  private func apply(
    _ entry: JSONValue, at place: [PathComponent], _ normalizer: inout ResponseNormalizer, _ errorBase: inout Int,
    _ payload: inout ResponsePayload, _ location: inout Locator
  ) throws(NormalizeError) {
    let (_, part) = try self.part(entry, at: place)
    let path = part.path + (try Self.path(entry["subPath"], at: place + [.key("subPath")]))
    let errors = try Self.errors(entry["errors"], at: place + [.key("errors")]).map { error in
      (index: error.index + errorBase, path: error.path, error: error.error)
    }
    errorBase += errors.count
    if case .array(let items)? = entry["items"] {
      try appendItems(items, to: path, errors: errors, at: place, &normalizer, &location)
    } else if case .object(let members)? = entry["data"] {
      guard let target = location.object(at: path, normalizer.changeset) else {
        throw NormalizeError(.notAGraphQLResponse("the path \(path.pathDescription) leads to no object of the operation"), path: place)
      }
      let fragments = target.deferred(labelled: part.label, variables: variables)
      let relative = Self.relative(errors, to: path)
      try normalizer.normalizeRoot(
        members, selections: ObjectSelections(fragments, mayOverlap: fragments.mayRepeatCompositeKey), at: target.id,
        typename: target.typename, errors: relative.isEmpty ? nil : ErrorTrie(relative), responsePath: place + [.key("data")])
    } else {
      throw NormalizeError(.notAGraphQLResponse("an incremental entry needs \"data\" or \"items\""), path: place)
    }
    payload.operationErrors += errors.filter { !normalizer.landed[$0.index] }.map(\.error)
  }

  /// Normalizes a stream's items as its list field alone, then writes the list as it was
  /// with them after (over what the normalizer wrote for the field).
  private func appendItems(
    _ items: [JSONValue], to path: [PathComponent], errors: [(index: Int, path: [PathComponent], error: FieldError)],
    at place: [PathComponent], _ normalizer: inout ResponseNormalizer, _ location: inout Locator
  ) throws(NormalizeError) {
    guard case .key(let key)? = path.last, let parent = location.object(at: Array(path.dropLast()), normalizer.changeset),
      let field = parent.fields(key).first
    else {
      throw NormalizeError(.notAGraphQLResponse("the path \(path.pathDescription) leads to no list of the operation"), path: place)
    }
    let storageKey = field.storageKey(variables)
    let earlier = location.field(parent.id, storageKey, normalizer.changeset)
    guard case .list(let arrived)? = earlier?.value else {
      throw NormalizeError(.notAGraphQLResponse("the streamed list at \(path.pathDescription) is not in the store"), path: place)
    }
    let offset = arrived.count
    let shifted = Self.relative(errors, to: Array(path.dropLast())).map { entry in
      var entry = entry
      if entry.path.count > 1, case .index(let index) = entry.path[1] { entry.path[1] = .index(index - offset) }
      return entry
    }
    try normalizer.normalizeRoot(
      [JSONMember(key, .array(items))], selections: ObjectSelections([.field(field)], mayOverlap: false),
      at: parent.id, typename: parent.typename, errors: shifted.isEmpty ? nil : ErrorTrie(shifted),
      responsePath: place + [.key("items")])
    guard let added = normalizer.changeset[parent.id]?.fields[storageKey], case .list(let new) = added.value else { return }
    let movedErrors = added.errors.map { error in
      var error = error
      if case .index(let index)? = error.path.first { error.path[0] = .index(index + offset) }
      return error
    }
    var record = StoreRecord(id: parent.id)
    record.fields[storageKey] = RecordField(.list(arrived + new), errors: (earlier?.errors ?? []) + movedErrors)
    location.written.merge(record)
  }

  private mutating func complete(
    _ entry: JSONValue, at place: [PathComponent], _ location: inout Locator, _ changes: [RecordID: StoreRecord]
  ) throws(NormalizeError) {
    let (id, part) = try self.part(entry, at: place)
    let errors = try Self.errors(entry["errors"], at: place + [.key("errors")]).map(\.error)
    pending[id] = nil
    mark(part, errors.isEmpty ? nil : .failed(errors), &location, changes)
  }

  /// Writes a part's state (`nil`: complete) on its record: a stream's on the list's parent,
  /// a deferred fragment's on the object at its path.
  private func mark(
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
      for key in target.deferredStateKeys(labelled: part.label, variables: variables) { record.fields[key] = field }
    } else {
      return
    }
    location.written.merge(record)
  }

  // MARK: - Reading the payload's JSON

  private static func list(_ value: JSONValue?, _ key: String) throws(NormalizeError) -> [JSONValue] {
    switch value {
    case nil, .null?: return []
    case .array(let items)?: return items
    case let other?: throw NormalizeError(.notAGraphQLResponse("\"\(key)\" is \(other.kindDescription), not a list"), path: [.key(key)])
    }
  }

  private static func path(_ value: JSONValue?, at place: [PathComponent]) throws(NormalizeError) -> [PathComponent] {
    guard let path = [PathComponent](responsePath: try list(value, "path")) else {
      throw NormalizeError(.notAGraphQLResponse("a path holds only keys and non-negative integer indices"), path: place)
    }
    return path
  }

  private static func errors(
    _ value: JSONValue?, at place: [PathComponent]
  ) throws(NormalizeError) -> [(index: Int, path: [PathComponent], error: FieldError)] {
    var errors: [(index: Int, path: [PathComponent], error: FieldError)] = []
    for (index, element) in try list(value, "errors").enumerated() {
      let parsed = try ResponseBody.parseError(element, at: place + [.index(index)])
      errors.append((index, parsed.path, parsed.error))
    }
    return errors
  }

  /// The errors under `prefix`, their paths made relative to it; the others are left out
  /// (they land nowhere and belong to the operation).
  private static func relative(
    _ errors: [(index: Int, path: [PathComponent], error: FieldError)], to prefix: [PathComponent]
  ) -> [(index: Int, path: [PathComponent], error: FieldError)] {
    errors.compactMap { entry in
      guard entry.path.count > prefix.count, entry.path.starts(with: prefix) else { return nil }
      return (entry.index, Array(entry.path.dropFirst(prefix.count)), entry.error)
    }
  }

  // MARK: - Paths to records

  /// Finds the record at a response path, reading this response's writes over the store.
  fileprivate struct Locator {
    let operation: OperationDescriptor
    let variables: [String: JSONValue]
    let root: RecordID
    let source: RecordSource
    /// The states and appended lists this payload writes over what it normalized.
    var written = RecordSource()

    init(_ response: IncrementalResponse, _ source: RecordSource) {
      self.operation = response.operation
      self.variables = response.variables
      self.root = response.root
      self.source = source
    }

    /// The field as this payload leaves it: `written`, else what the payload normalized
    /// (`changes`), else the store.
    func field(_ id: RecordID, _ storageKey: String, _ changes: [RecordID: StoreRecord]) -> RecordField? {
      written[id]?.fields[storageKey] ?? changes[id]?.fields[storageKey] ?? source[id]?.fields[storageKey]
    }

    func object(at path: [PathComponent], _ changes: [RecordID: StoreRecord]) -> Target? {
      var target = Target(id: root, typename: nil, selections: [operation.selections])
      var value: RecordValue = .link(root)
      var fields: [FieldSelection] = []
      for component in path {
        switch component {
        case .key(let key):
          guard case .link(let id) = value else { return nil }
          target = Target(id: id, typename: nil, selections: target.selections)
          fields = target.fields(key)
          guard let first = fields.first, let stored = field(id, first.storageKey(variables), changes) else { return nil }
          value = stored.value
        case .index(let index):
          guard case .list(let items) = value, items.indices.contains(index) else { return nil }
          value = items[index]
        }
        if case .link = value, !fields.isEmpty { target.selections = fields.map(\.selections) }
      }
      guard case .link(let id) = value else { return nil }
      return Target(id: id, typename: changes[id]?.typename ?? source[id]?.typename, selections: target.selections)
    }
  }

  /// An object of the operation: its record and the selection sets that apply to it.
  fileprivate struct Target {
    var id: RecordID
    var typename: String?
    var selections: [[Selection]]

    /// The fields of these selection sets with the response key `key`, fragments looked into.
    func fields(_ key: String) -> [FieldSelection] {
      var found: [FieldSelection] = []
      for set in selections { Self.collect(key, set, into: &found) }
      return found
    }

    private static func collect(_ key: String, _ selections: [Selection], into found: inout [FieldSelection]) {
      for selection in selections {
        switch selection {
        case .field(let field): if field.responseKey == key { found.append(field) }
        case .inlineFragment(let fragment): collect(key, fragment.selections, into: &found)
        case .fragmentSpread(let spread): collect(key, spread.fragment.selections, into: &found)
        }
      }
    }

    /// The selections of the deferred fragments here that the server's `label` names
    /// (those whose label the document does not send, when it names none).
    func deferred(labelled label: String?, variables: [String: JSONValue]) -> [Selection] {
      var found: [Selection] = []
      visitDeferred(labelled: label, variables: variables) { _, selections in found += selections }
      return found
    }

    func deferredStateKeys(labelled label: String?, variables: [String: JSONValue]) -> [String] {
      var found: [String] = []
      visitDeferred(labelled: label, variables: variables) { directive, _ in found.append(directive.stateKey) }
      return found
    }

    private func visitDeferred(
      labelled label: String?, variables: [String: JSONValue], _ visit: (DeferDirective, [Selection]) -> Void
    ) {
      func walk(_ selections: [Selection]) {
        for selection in selections {
          let directive: DeferDirective?
          let inner: [Selection]
          switch selection {
          case .field: continue
          case .inlineFragment(let fragment): (directive, inner) = (fragment.deferred, fragment.selections)
          case .fragmentSpread(let spread): (directive, inner) = (spread.deferred, spread.fragment.selections)
          }
          if let directive, directive.isActive(variables), directive.isNamed(by: label) {
            visit(directive, inner)
          } else if directive == nil {
            walk(inner)
          }
        }
      }
      for set in selections { walk(set) }
    }
  }
}
