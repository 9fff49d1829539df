/// Walks a response's tape through an operation's selections, writing each object it meets
/// into a changeset of records (see `normalize(response:for:variables:at:)` in
/// `Normalize.swift`, which runs it).
struct ResponseNormalizer {
  /// The variables of the selections being normalized: the request's, or inside a spread
  /// of a fragment with `@argumentDefinitions`, the fragment's (`FragmentSpread.variables`).
  private(set) var variables: [String: JSONValue]
  let isPartial: Bool
  /// The records written so far; an object met twice (the same author on two issues) is
  /// merged into one record.
  private(set) var changeset: [RecordID: StoreRecord] = [:]
  /// The id of each typename that keyed ids were made of, which they share, with the hash
  /// they start from.
  private var keyedPrefixes = TypeNameTable<RecordID.KeyedPrefix>()
  /// Which of the response's errors have been stored beside a field.
  private(set) var landed: [Bool]
  /// The `@connection` fields' pages, in response order.
  private(set) var connectionPages: [ConnectionPage] = []
  /// The list edits of `@appendEdge`, `@deleteRecord`, ... fields, in response order.
  private(set) var listEdits: [ListEditRequest] = []
  /// How many objects enclose the one being normalized (see `NestingLimit`).
  private var depth = 0
  /// Where the items of a list on this record start in the whole list: a stream's later
  /// items continue it, so an item without a key is named by its place there.
  private var listOffset: (parent: RecordID, first: Int)?
  /// The payload being normalized; objects and values are indices of its tokens.
  private var tape = JSONTape.emptyObject
  /// The value of the `__typename` member of the object being normalized, when it has one.
  private var typenameMember: Int?
  /// The key fields' values of the last object given an id, by token: the object's own
  /// fields store the same strings, not copies of them.
  private var keyValues: [(token: Int, value: JSONValue)] = []
  /// The objects that last wrote records whole, so that the same object met again under
  /// the same field writes nothing (see `isRewrite`).
  private var rewrites = RewriteLog()
  /// How many objects have been met, which tells an object with nested records apart.
  private var objectCount = 0
  /// Which variables are in force: 0 for the request's, a new number for each spread of a
  /// fragment with its own (`normalizeScoped`).
  private var scope = 0
  private var scopeCount = 0

  init(variables: [String: JSONValue], isPartial: Bool, errorCount: Int) {
    self.variables = variables
    self.isPartial = isPartial
    self.landed = Array(repeating: false, count: errorCount)
  }

  /// Normalizes a payload given already parsed; see `normalizeRoot(_:object:...)`.
  mutating func normalizeRoot(
    _ members: [JSONMember], selections: ObjectSelections, at root: RecordID, typename: String? = nil, errors: ErrorTrie?,
    firstItem: Int = 0, responsePath: @autoclosure () -> [PathComponent]
  ) throws(NormalizeError) {
    try normalizeRoot(
      JSONTape(.object(members)), object: 0, selections: selections, at: root, typename: typename, errors: errors,
      firstItem: firstItem, responsePath: responsePath())
  }

  /// Normalizes the object at `object` of `tape`. `responsePath`, where the object is in
  /// the response, is built only to report an error. `firstItem`: the index in the whole
  /// list of the first item of the object's one list (a stream's later items); their field
  /// errors' paths count from the whole list too.
  mutating func normalizeRoot(
    _ tape: JSONTape, object: Int, selections: ObjectSelections, at root: RecordID, typename: String? = nil,
    errors: ErrorTrie?, firstItem: Int = 0, responsePath: @autoclosure () -> [PathComponent]
  ) throws(NormalizeError) {
    listOffset = firstItem == 0 ? nil : (root, firstItem)
    self.tape = tape
    defer {
      listOffset = nil
      self.tape = JSONTape.emptyObject
      keyValues = []
      rewrites.removeAll()
    }
    do {
      // The root's `__typename` (a fragment on the query type selects it) lets spreads on
      // the root type match there as anywhere else; an increment's root is given its type.
      let member = typenameMember(of: object)
      try normalizeObject(
        object, selections: selections, id: root, typename: typename ?? self.typename(member), typenameMember: member,
        errors: errors)
    } catch {
      var error = error
      for component in responsePath().reversed() { error.prepend(component) }
      throw error.finished()
    }
  }

  /// Returns the id the record is stored under: for an object met again, the first
  /// meeting's id, so that every link to the record shares one id.
  @discardableResult
  private mutating func normalizeObject(
    _ object: Int, selections: ObjectSelections, id: RecordID, typename: String?, typenameMember: Int?,
    errors: ErrorTrie?
  ) throws(NormalizeError) -> RecordID {
    let enclosingTypenameMember = self.typenameMember
    self.typenameMember = typenameMember
    defer { self.typenameMember = enclosingTypenameMember }
    objectCount += 1
    var record = StoreRecord(id: id, typename: typename, fields: RecordFields(minimumCapacity: selections.fieldBound))
    // Members are looked for from the cursor on; a leading `__typename` (as servers and
    // `__typename`-first selections put it) is already known, so the first field's search
    // starts past it.
    var cursor = typenameMember == object + 2 ? tape.skip(object + 2) : object + 1
    try normalizeSelections(selections.selections, object, &cursor, of: selections, into: &record, errors: errors)
    for set in selections.merged {
      try normalizeSelections(set, object, &cursor, of: selections, into: &record, errors: errors)
    }
    record.fields.releaseUnusedCapacity()
    // An object met again merges into the first, whose id it returns; a new record moves
    // in whole (an id's hash is kept, so the second lookup hashes nothing).
    if let index = changeset.index(forKey: id) {
      changeset.values[index].merge(record)
      return changeset.keys[index]
    }
    changeset[id] = consume record
    return id
  }

  private mutating func normalizeSelections(
    _ selections: SelectionSteps, _ object: Int, _ cursor: inout Int, of shape: ObjectSelections,
    into record: inout StoreRecord, errors: ErrorTrie?
  ) throws(NormalizeError) {
    for step in selections.steps {
      switch step {
      case .field(let unretained):
        // `selections` holds the field: borrowed, not retained and released.
        try unretained.withBorrowed { field throws(NormalizeError) in
          try normalizeField(field, object, &cursor, of: shape, into: &record, errors: errors)
        }
      case .inlineFragment(let unretained):
        try unretained.withBorrowed { fragment throws(NormalizeError) in
          guard fragment.conditions.pass(variables), fragment.matches(record.typename),
            arrived(fragment.deferred, fragment.selections, object, into: &record)
          else { return }
          try normalizeSelections(fragment.steps, object, &cursor, of: shape, into: &record, errors: errors)
        }
      case .fragmentSpread(let unretained):
        try unretained.withBorrowed { spread throws(NormalizeError) in
          guard spread.conditions.pass(variables), spread.matches(record.typename),
            arrived(spread.deferred, spread.fragment.selections, object, into: &record)
          else { return }
          if spread.fragment.argumentDefinitions.isEmpty {
            try normalizeSelections(spread.fragment.steps, object, &cursor, of: shape, into: &record, errors: errors)
          } else {
            try normalizeScoped(spread, object, &cursor, of: shape, into: &record, errors: errors)
          }
        }
      }
    }
  }

  /// A spread's selections under the fragment's own variables, the parent's restored after.
  private mutating func normalizeScoped(
    _ spread: FragmentSpread, _ object: Int, _ cursor: inout Int, of shape: ObjectSelections,
    into record: inout StoreRecord, errors: ErrorTrie?
  ) throws(NormalizeError) {
    let parent = variables
    let parentScope = scope
    variables = spread.variables(parent)
    scopeCount += 1
    scope = scopeCount
    defer {
      variables = parent
      scope = parentScope
    }
    try normalizeSelections(spread.fragment.steps, object, &cursor, of: shape, into: &record, errors: errors)
  }

  /// Whether a fragment's fields are in this response: always for one not deferred; for a
  /// deferred one, when the server sent them inline (every field it selects is here), which
  /// marks it complete on the record. A deferred fragment whose fields are not here is left
  /// alone: its `pending` entry says so, and its fields come in a later payload.
  private func arrived(
    _ deferred: DeferDirective?, _ selections: [Selection], _ object: Int, into record: inout StoreRecord
  ) -> Bool {
    guard let deferred, deferred.isActive(variables), !isPartial else { return true }
    guard selections.fieldsPresent(where: { tape.member($0, of: object) != nil }) else { return false }
    record.fields[deferred.stateKey] = IncrementState.complete
    return true
  }

  // The functions normalizing recurses through (normalizeObject, normalizeSelections,
  // normalizeField, normalizeValue, normalizeList, normalizeComposite) keep their own work
  // small and hand the rest to helpers that return before the recursion goes on: a debug
  // build gives every temporary of a function its own stack slot, and the deepest
  // responses must normalize on a 512 KB stack.

  private mutating func normalizeField(
    _ field: FieldSelection, _ object: Int, _ cursor: inout Int, of shape: ObjectSelections,
    into record: inout StoreRecord, errors: ErrorTrie?
  ) throws(NormalizeError) {
    if !field.conditions.pass(variables) { return }
    var others: [FieldSelection] = []
    if shape.mayOverlap && field.type.isComposite {
      guard let sharing = othersSharingKey(with: field, in: shape, typename: record.typename, object) else { return }
      others = sharing
    }
    let key = field.responseKey
    // The object's own `__typename` was found when the object was given its type: a fragment
    // selecting it again (nearly every one does) does not look for it among the members.
    let found = field.isTypename && key == "__typename" ? typenameMember : nil
    guard let value = found ?? tape.member(key, packed: field.packedResponseKey, of: object, from: &cursor) else {
      if isPartial || field.isClientExtension { return }
      throw NormalizeError(.omittedField(key), path: [.key(key)])
    }
    if field.isTypename {
      // The typename the object was given already (its type's name, shared): kept, not
      // made again from the bytes for every object.
      if let known = record.typename, tape.isString(value, known) { return }
      record.typename = try typename(value, key: key)
      return
    }
    let storageKey = field.storageKey(variables)
    var fieldErrors: [FieldError] = []
    var indices: [Int] = []
    do {
      let stored = try normalizeValue(
        value, field: field, others: others, level: 0, parent: record.id, storageKey: storageKey, indices: &indices,
        errors: errors?[.key(key)], fieldErrors: &fieldErrors)
      if field.connection != nil { noteConnectionPage(field, parent: record.id, page: stored) }
      if let edit = field.listEdit { listEdits.append(edit.request(value: stored, variables: variables)) }
      // Last, so that the value moves into the record rather than being copied.
      record.fields.store(RecordField(consume stored, errors: fieldErrors), forKey: storageKey)
    } catch {
      throw error.prepending(.key(key))
    }
  }

  private mutating func noteConnectionPage(_ field: FieldSelection, parent: RecordID, page: RecordValue) {
    guard let connection = field.connection else { return }
    func cursor(_ name: String) -> String? {
      guard let argument = field.arguments.first(where: { $0.name == name }),
        case .string(let text)? = argument.value.resolved(with: variables)
      else { return nil }
      return text
    }
    var connectionPage = ConnectionPage(
      parent: parent, connectionKey: connection.storageKey(for: field, variables: variables), page: page,
      after: cursor("after"), before: cursor("before"))
    for argument in field.arguments where ConnectionMetadata.paginationArguments.contains(argument.name) {
      if let value = argument.value.resolved(with: variables) { connectionPage.arguments[argument.name] = value }
    }
    connectionPages.append(connectionPage)
  }

  /// The other fields that share `field`'s response key on this object, or `nil` when an
  /// earlier one of them writes the value for all.
  private func othersSharingKey(
    with field: FieldSelection, in shape: ObjectSelections, typename: String?, _ object: Int
  ) -> [FieldSelection]? {
    // A partial payload (a deferred part's) leaves the deferred fragments' states alone, as
    // `arrived` does, so it merges every field under the key.
    let tape = tape
    let sharing = shape.fields(
      sharing: field.responseKey, typename: typename, variables: variables,
      present: isPartial ? nil : { tape.member($0, of: object) != nil })
    guard sharing.first === field else { return nil }
    return sharing.filter { $0 !== field }
  }

  private func typename(_ value: Int, key: String) throws(NormalizeError) -> String {
    guard let typename = tape.string(value) else {
      throw NormalizeError(.unexpectedShape(expected: "a type name", found: tape.kindDescription(value)), path: [.key(key)])
    }
    return typename
  }

  /// Normalizes the value at one list level of a field, and of the `others` that share its
  /// response key. `indices` are the list positions above this value, which name
  /// path-keyed records and prefix the relative paths of errors that land here.
  private mutating func normalizeValue(
    _ value: Int, field: FieldSelection, others: [FieldSelection], level: Int, parent: RecordID,
    storageKey: String, indices: inout [Int], errors: ErrorTrie?, fieldErrors: inout [FieldError]
  ) throws(NormalizeError) -> RecordValue {
    if let errors, !errors.here.isEmpty {
      landHere(errors, field: field, others: others, indices: indices, into: &fieldErrors)
    }
    switch tape.kind(value) {
    case .array where level < field.type.listDepth:
      return try normalizeList(
        value, field: field, others: others, level: level, parent: parent, storageKey: storageKey, indices: &indices,
        errors: errors, fieldErrors: &fieldErrors)
    case .object where level == field.type.listDepth && field.type.isComposite:
      return try normalizeComposite(
        value, field: field, others: others, parent: parent, storageKey: storageKey, indices: indices, errors: errors)
    default:
      return try normalizeLeaf(
        value, field: field, others: others, level: level, indices: indices, errors: errors, into: &fieldErrors)
    }
  }

  private mutating func normalizeList(
    _ items: Int, field: FieldSelection, others: [FieldSelection], level: Int, parent: RecordID,
    storageKey: String, indices: inout [Int], errors: ErrorTrie?, fieldErrors: inout [FieldError]
  ) throws(NormalizeError) -> RecordValue {
    let count = tape.count(items)
    var list: [RecordValue] = []
    list.reserveCapacity(count)
    let first = level == 0 && listOffset?.parent == parent ? listOffset?.first ?? 0 : 0
    var item = items + 1
    for index in 0..<count {
      indices.append(first + index)
      do {
        list.append(try normalizeValue(
          item, field: field, others: others, level: level + 1, parent: parent, storageKey: storageKey,
          indices: &indices, errors: errors?[.index(index)], fieldErrors: &fieldErrors))
      } catch {
        throw error.prepending(.index(index))
      }
      indices.removeLast()
      item = tape.skip(item)
    }
    if let errors {
      landOutside(errors, count: count, field: field, others: others, indices: indices, into: &fieldErrors)
    }
    return .list(list)
  }

  private mutating func normalizeComposite(
    _ object: Int, field: FieldSelection, others: [FieldSelection], parent: RecordID, storageKey: String,
    indices: [Int], errors: ErrorTrie?
  ) throws(NormalizeError) -> RecordValue {
    // Only a field of its own, without errors, in a whole response: what else is merged
    // or landed here would have to be compared too. An object written alike to a recent
    // keyed one has its id, found before it is made. The first objects of a response are
    // written without a note: a payload of a few objects (a subscription's event, a
    // mutation's) would pay for the notes and seldom meet an object again.
    let mayRewrite = objectCount >= RewriteLog.objectsBeforeNotes && others.isEmpty && errors == nil && !isPartial
    let sketch = mayRewrite ? tape.sketch(object) : 0
    if mayRewrite, let last = rewrites.recentWrite(sketch: sketch, field: field), isRewrite(of: last, object, field) {
      return rewritten(last)
    }
    let member = typenameMember(of: object)
    let typename = self.typename(member, expected: field.type.name) ?? (field.type.kind == .object ? field.type.name : nil)
    let id = recordID(
      object, typename: typename, field: field, others: others, parent: parent, storageKey: storageKey, indices: indices)
    if mayRewrite, let last = rewrites.lastWrite(of: id), isRewrite(of: last, object, field) { return rewritten(last) }
    // The field's own selection sets, made with it (a composite field has them), unless
    // other fields merge theirs in.
    let own = field.objectSelections ?? ObjectSelections(field.steps)
    let selections = others.isEmpty ? own : own.merging(others)
    guard depth < NestingLimit.objects else { throw NormalizeError(.nestedTooDeeply(limit: NestingLimit.objects)) }
    depth += 1
    let before = (objects: objectCount, pages: connectionPages.count, edits: listEdits.count)
    let stored = StackSegments.startsSegment(depth)
      ? try normalizeObjectOnNewStack(
        object, selections: selections, id: id, typename: typename, typenameMember: member, errors: errors)
      : try normalizeObject(
        object, selections: selections, id: id, typename: typename, typenameMember: member, errors: errors)
    depth -= 1
    let wroteOnlyItself =
      objectCount == before.objects + 1 && connectionPages.count == before.pages && listEdits.count == before.edits
    let write = mayRewrite && wroteOnlyItself
      ? RewriteLog.Write(id: stored, field: ObjectIdentifier(field), token: object, depth: depth, scope: scope) : nil
    // A path's id names a place, not the object's content: only a keyed id is found by it.
    rewrites.note(write, of: stored, sketch: write != nil && !stored.isClientID ? sketch : nil)
    return .link(stored)
  }

  /// The link to the record `last` wrote, for an object met again that is not written: it
  /// still counts as an object met, so that an object around it is not taken for one
  /// without nested records.
  private mutating func rewritten(_ last: RewriteLog.Write) -> RecordValue {
    objectCount += 1
    return .link(last.id)
  }

  /// Whether normalizing `object` for `field` would write again what `last` wrote, and
  /// nothing since: the record's last write was the same field's (so the same selections),
  /// at no lesser depth (so no nesting limit is nearer), under the same variables, from an
  /// object written alike (so the same type, fields and values), and it wrote no other
  /// record (so none of those has been written since by someone else). A response names
  /// an author or a tag once for each place it appears; each after the first costs a
  /// comparison of its tokens instead of a record built and merged.
  private func isRewrite(of last: RewriteLog.Write, _ object: Int, _ field: FieldSelection) -> Bool {
    last.field == ObjectIdentifier(field) && last.scope == scope && depth <= last.depth
      && tape.isWrittenAlike(last.token, object)
  }

  /// `normalizeObject` on a stack of its own (see `StackSegments`).
  private mutating func normalizeObjectOnNewStack(
    _ object: Int, selections: ObjectSelections, id: RecordID, typename: String?, typenameMember: Int?,
    errors: ErrorTrie?
  ) throws(NormalizeError) -> RecordID {
    let outcome = StackSegments.run { () -> Result<RecordID, NormalizeError> in
      do throws(NormalizeError) {
        return .success(try normalizeObject(
          object, selections: selections, id: id, typename: typename, typenameMember: typenameMember, errors: errors))
      } catch {
        return .failure(error)
      }
    }
    guard let outcome else { throw NormalizeError(.nestedTooDeeply(limit: depth)) }
    return try outcome.get()
  }

  /// A value that recurses no further: null, a scalar, or a value of a shape the selection
  /// cannot hold.
  private mutating func normalizeLeaf(
    _ value: Int, field: FieldSelection, others: [FieldSelection], level: Int, indices: [Int],
    errors: ErrorTrie?, into fieldErrors: inout [FieldError]
  ) throws(NormalizeError) -> RecordValue {
    let type = field.type
    let kind = tape.kind(value)
    if kind == .null {
      if let errors { landBelow(errors, field: field, others: others, indices: indices, into: &fieldErrors) }
      return .null
    }
    if level < type.listDepth {
      if type.isComposite || kind == .object && type.isBuiltInLeaf {
        throw NormalizeError(.unexpectedShape(expected: "a list", found: tape.kindDescription(value)))
      }
    } else if type.isComposite {
      throw NormalizeError(.unexpectedShape(expected: "an object", found: tape.kindDescription(value)))
    } else if tape.isContainer(value) && type.isBuiltInLeaf {
      throw NormalizeError(.unexpectedShape(expected: "a value of type \(type.name)", found: tape.kindDescription(value)))
    }
    if let errors { landBelow(errors, field: field, others: others, indices: indices, into: &fieldErrors) }
    if let key = keyValues.first(where: { $0.token == value }) { return .scalar(key.value) }
    guard let scalar = tape.value(value) else {
      throw NormalizeError(.valueNestedTooDeeply(limit: JSONReader.defaultDepthLimit))
    }
    return .scalar(scalar)
  }

  private mutating func landHere(
    _ errors: ErrorTrie, field: FieldSelection, others: [FieldSelection], indices: [Int],
    into fieldErrors: inout [FieldError]
  ) {
    land(errors.here.map { ([], $0) }, field: field, others: others, indices: indices, into: &fieldErrors)
  }

  /// Lands the errors below a value that has nothing below it (a null, a scalar).
  private mutating func landBelow(
    _ errors: ErrorTrie, field: FieldSelection, others: [FieldSelection], indices: [Int],
    into fieldErrors: inout [FieldError]
  ) {
    land(errors.all().filter { !$0.path.isEmpty }, field: field, others: others, indices: indices, into: &fieldErrors)
  }

  /// Lands the errors under a list that name no item of it.
  private mutating func landOutside(
    _ errors: ErrorTrie, count: Int, field: FieldSelection, others: [FieldSelection], indices: [Int],
    into fieldErrors: inout [FieldError]
  ) {
    let outside = errors.all().filter { entry in
      guard case .index(let index)? = entry.path.first else { return !entry.path.isEmpty }
      return index >= count
    }
    land(outside, field: field, others: others, indices: indices, into: &fieldErrors)
  }

  /// Stores errors on the field being written, their paths made relative to it: the list
  /// indices down to where the null landed, then the rest of the response path with
  /// response keys turned into storage keys.
  private mutating func land(
    _ entries: [(path: [PathComponent], entry: ErrorTrie.Entry)], field: FieldSelection, others: [FieldSelection],
    indices: [Int], into fieldErrors: inout [FieldError]
  ) {
    for (rest, entry) in entries {
      guard entry.index < landed.count else { continue }
      landed[entry.index] = true
      var error = entry.error
      error.path = indices.map { .index($0) } + resolve(rest, in: [field.selections] + others.map(\.selections))
      fieldErrors.append(error)
    }
  }

  /// `sets` are the selection sets of the fields merged at the field the error landed on.
  private func resolve(_ rest: [PathComponent], in sets: [[Selection]]) -> [PathComponent] {
    var sets = sets
    return rest.map { component in
      guard case .key(let key) = component else { return component }
      let fields = sets.compactMap { Self.field(responseKey: key, in: $0) }
      guard let field = fields.first else { return component }
      sets = fields.map(\.selections)
      return .key(field.storageKey(variables))
    }
  }

  private static func field(responseKey key: String, in selections: [Selection]) -> FieldSelection? {
    for selection in selections {
      switch selection {
      case .field(let field) where field.responseKey == key: return field
      case .field: continue
      case .inlineFragment(let fragment):
        if let found = field(responseKey: key, in: fragment.selections) { return found }
      case .fragmentSpread(let spread):
        if let found = field(responseKey: key, in: spread.fragment.selections) { return found }
      }
    }
    return nil
  }

  /// The value of the object's `__typename` member, when it has one.
  private func typenameMember(of object: Int) -> Int? {
    tape.member("__typename", packed: Self.typenameKey, of: object)
  }

  /// The text of an object's `__typename` member (`typenameMember(of:)`); `expected` itself
  /// when it is that text, so that the records of a type share one string instead of each
  /// holding its own.
  private func typename(_ member: Int?, expected: String? = nil) -> String? {
    guard let member else { return nil }
    if let expected, tape.isString(member, expected) { return expected }
    return tape.string(member)
  }

  private static let typenameKey = PackedKey("__typename")

  /// `Typename:key` when the object's type has key fields and the response gives them all
  /// as strings or numbers; else the path from the parent.
  private mutating func recordID(
    _ object: Int, typename: String?, field: FieldSelection, others: [FieldSelection], parent: RecordID,
    storageKey: String, indices: [Int]
  ) -> RecordID {
    if let typename, let keys = field.keyFields(of: typename) ?? others.lazy.compactMap({ $0.keyFields(of: typename) }).first,
      !keys.isEmpty
    {
      keyValues.removeAll(keepingCapacity: true)
      for key in keys {
        guard let value = tape.member(key.name, packed: key.packed, of: object) else { break }
        let json: JSONValue
        switch tape.kind(value) {
        case .string, .storedString: json = .string(tape.text(value))
        case .number, .storedNumber: json = .number(tape.text(value))
        default: continue
        }
        keyValues.append((value, json))
      }
      if keyValues.count == keys.count {
        // One key field (nearly every type's `id`) makes no list of members to write.
        let key = keys.count == 1
          ? RecordID.keyText(keyValues[0].value)
          : RecordID.keyText(zip(keys, keyValues).map { JSONMember($0.name, $1.value) })
        return keyedPrefix(of: typename).keyed(key)
      }
    }
    return RecordID.client(parent: parent, storageKey: storageKey, indices: indices)
  }
}

extension ResponseNormalizer {
  private mutating func keyedPrefix(of typename: String) -> RecordID.KeyedPrefix {
    if let prefix = keyedPrefixes[typename] { return prefix }
    let prefix = RecordID.KeyedPrefix(RecordID(typename))
    keyedPrefixes.insert(prefix, for: typename)
    return prefix
  }
}
