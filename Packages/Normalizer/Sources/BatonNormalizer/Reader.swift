/// One read of selections from a source, as the read functions (`Read.swift`) run it: the
/// walk that may give a lens, or the eager read that builds the tree.
struct Reader {
  let source: RecordSource
  let owner: ReadOwner
  let variables: [String: JSONValue]
  let onError: OnErrorMode
  let throwOnFieldError: Bool

  /// Every record seen, in the order seen, repeats included; the result's set is made
  /// once the read ends (`takeSeenRecords()`). A set filled as the read went grew by
  /// doubling, and each growth hashed every id again through its object, out of cache by
  /// then in a large read.
  var seen: [RecordID] = []
  var events: [ReadEvent] = []
  var thrownFieldErrors: [ReadEvent] = []
  /// The errors met inside each enclosing `@catch` field, innermost last.
  var catchScopes: [[FieldError]] = []
  /// The items of lists read before, reused where their records did not change.
  var cache: ReadCache?
  /// While `recordingItem`, every record seen, in order: the records of the list item
  /// being recorded in `cache`.
  var seenLog: [RecordID] = []
  var recordingItem = false
  /// While a lens read walks the items of a list the read cache may keep: the lists inside
  /// them are part of their item's read, as while `recordingItem`, so no list of theirs is
  /// noted for keeping.
  var walkingCachedItems = false
  /// The scopes of the references read so far to fragments without arguments.
  var scopes: [FragmentReference.Scope] = []
  /// The references a lens read's walk met, in order (see `ReadResult.spreads`).
  var spreads: [FragmentReference] = []
  /// How many objects enclose the one being read (see `NestingLimit`).
  var depth = 0
  /// The objects a lens read's walk found plain, with the depth each was walked at. An
  /// object met again under the same selections (an author of many comments) at no greater
  /// depth is plain again, and the records and spreads below it are listed already. An
  /// object with a list below is walked each time: the read cache is asked about a list
  /// where it is met.
  var walkedPlain: [WalkedObject: Int] = [:]
  /// How many lists the walk went through, which tells whether an object had one below.
  var listsWalked = 0
  /// Whether the last object whose selections were read (`readSelections`) was nulled by a
  /// field error on a non-null field, not only by `@required` nulls: such a null goes on up
  /// through a fragment's root to the object holding its spread (see `spreadNullsParent`).
  var nulledByFieldError = false
  /// The incomplete deferred fragments and streams of the object being read.
  private var increments: [String: IncrementState] = [:]

  init(source: RecordSource, owner: ReadOwner, variables: [String: JSONValue], onError: OnErrorMode, throwOnFieldError: Bool) {
    self.source = source
    self.owner = owner
    self.variables = variables
    self.onError = onError
    self.throwOnFieldError = throwOnFieldError
  }

  /// A reader of `operation`'s own selections.
  init(_ operation: OperationDescriptor, _ source: RecordSource, _ variables: [String: JSONValue]) {
    self.init(
      source: source, owner: .operation(operation.name), variables: variables, onError: operation.onError,
      throwOnFieldError: operation.throwOnFieldError)
  }

  /// `catching`: a `@catch` on the fragment catches what the whole read meets. `slotCount`:
  /// the selections' own, when the caller kept it (a fragment read at every spread).
  mutating func readRoot(
    _ id: RecordID, selections: SelectionSteps, slotCount: Int? = nil, catching: Bool = false
  ) -> ReadResult {
    if catching { catchScopes.append([]) }
    var data: DataObject?
    if let record = source[id] {
      seen.append(id)
      data = readObject(record, selections: selections, slotCount: slotCount ?? selections.selections.slotCount)
    } else if let typename = id.placeholderTypename {
      // A spread inside a zero value points at its placeholder, which was never stored:
      // the fragment reads zero values too, and nothing is missing.
      data = placeholder(typename: String(typename), selections: selections.selections)
    } else {
      events.append(ReadEvent(.missing, owner: owner, record: id, field: nil))
    }
    let failure: ReadFailure? = thrownFieldErrors.isEmpty ? nil : .fieldErrors(thrownFieldErrors)
    let caught = catching ? catchScopes.popLast() ?? [] : []
    return ReadResult(data: data, seenRecords: takeSeenRecords(), events: events, failure: failure, caughtErrors: caught)
  }

  /// An operation's root, read under the operation's `@catch` when it has one.
  mutating func readOperation(_ root: RecordID, _ operation: OperationDescriptor) -> ReadResult {
    guard operation.catchTo != nil else { return readRoot(root, selections: operation.steps) }
    var result = readRoot(root, selections: operation.steps, catching: true)
    result.data = DataObject.caughtOperation(result.data, caught: result.caughtErrors, root: root)
    return result
  }

  /// The records seen, as a set made at its final size: ids are seen once they are found
  /// in the source, so there are at most as many as the source holds. The ids are moved
  /// out of `seen`, not copied: a copy retained each id's object and freeing the log
  /// released it again, two writes to every object, out of cache in a large read.
  mutating func takeSeenRecords() -> Set<RecordID> {
    var records = Set<RecordID>(minimumCapacity: Swift.min(seen.count, source.count))
    while let id = seen.popLast() { records.insert(id) }
    return records
  }

  /// The object's slots, or `nil` when a null propagates out of it (a non-null field
  /// whose error nulled it, or a `@required(action: NONE or LOG)` field that was null).
  private mutating func readObject(_ record: StoreRecord, selections: SelectionSteps, slotCount: Int) -> DataObject? {
    var slots = ReadSlots(typename: record.typename ?? "", id: record.id, capacity: slotCount)
    let outer = increments
    increments = [:]
    defer { increments = outer }
    guard readSelections(selections, record, into: &slots) else { return nil }
    return slots.object(increments: increments)
  }

  /// Reads the selections into `slots`; `false` when a null propagates out of the object,
  /// and then `nulledByFieldError` says whether a field error's null is among them.
  mutating func readSelections(_ selections: SelectionSteps, _ record: StoreRecord, into slots: inout ReadSlots) -> Bool {
    var complete = true
    var fieldErrorNull = false
    for step in selections.steps {
      switch step {
      case .field(let unretained):
        // `selections` holds the field: borrowed, not retained and released.
        unretained.withBorrowed { field in
          if let value = readField(field, record) {
            slots.append(value)
          } else {
            slots.append(.null)
            complete = false
            // Only `@required` turns a null into `nil` itself; any other `nil` is a field error's.
            if field.required == nil { fieldErrorNull = true }
          }
        }
      case .inlineFragment(let unretained):
        unretained.withBorrowed { fragment in
          if !fragment.conditions.pass(variables) || !matches(fragment, record) || isIncomplete(fragment.deferred, record) {
            slots.appendAbsent(fragment.slotCount)
          } else if let target = fragment.catchTo {
            slots.append(readCaught(fragment, target, record))
          } else {
            complete = readSelections(fragment.steps, record, into: &slots) && complete
            fieldErrorNull = fieldErrorNull || nulledByFieldError
          }
        }
      case .fragmentSpread(let unretained):
        if let slot = unretained.withBorrowed({ spreadSlot($0, record) }) {
          slots.append(slot)
        } else {
          slots.append(.null)
          complete = false
          fieldErrorNull = true
        }
      }
    }
    nulledByFieldError = fieldErrorNull
    return complete
  }

  // The functions a read recurses through (readObject, readSelections, readField,
  // readValue, readList, readLink) keep their own work small and hand the rest to helpers
  // that return before the recursion goes on: a debug build gives every temporary of a
  // function its own stack slot, and deep selections must read on a 512 KB stack.

  /// The spread's reference, or `nil` when a field error's null crosses the spread.
  private mutating func spreadSlot(_ spread: FragmentSpread, _ record: StoreRecord) -> DataValue? {
    guard spread.conditions.pass(variables), matches(spread, record), !isIncomplete(spread.deferred, record)
    else { return .absent }
    if spreadNullsParent(spread, record) { return nil }
    return .fragment(FragmentReference(scope: scope(of: spread), record: record.id))
  }

  /// The scope of `spread`'s references in this read: for a fragment without arguments,
  /// one that all its spreads share (see `shared(by:)`).
  mutating func scope(of spread: FragmentSpread) -> FragmentReference.Scope {
    if let scope = scopes.shared(by: spread) { return scope }
    let scope = newScope(of: spread)
    if spread.fragment.argumentDefinitions.isEmpty { scopes.append(scope) }
    return scope
  }

  /// A scope for `spread` alone, in this read.
  func newScope(of spread: FragmentSpread) -> FragmentReference.Scope {
    FragmentReference.Scope(spread, owner: owner, variables: variables, onError: onError)
  }

  /// Whether a deferred fragment is pending or failed on `record`: then its slots read
  /// `.absent`, its state goes into the object's `increments`, and nothing is missing.
  private mutating func isIncomplete(_ deferred: DeferDirective?, _ record: StoreRecord) -> Bool {
    guard let deferred, let state = pendingState(deferred, record) else { return false }
    increments[deferred.label] = state
    return true
  }

  /// The state of a fragment deferred in this read while it is pending or failed on
  /// `record`; `nil` once it is complete, or when it is not deferred.
  func pendingState(_ deferred: DeferDirective?, _ record: StoreRecord) -> IncrementState? {
    guard let deferred, deferred.isActive(variables) else { return nil }
    return IncrementState(record.fields[deferred.stateKey])
  }

  /// The state of a list streamed in this read while its items are still coming or failed
  /// on `record`; `nil` once it is complete, or when it is not streamed.
  func pendingState(_ stream: StreamDirective, _ record: StoreRecord) -> IncrementState? {
    guard stream.isActive(variables) else { return nil }
    return IncrementState(record.fields[stream.stateKey])
  }

  /// A type condition on a record without a `__typename` cannot be decided: that is
  /// missing data, not a mismatch.
  private mutating func matches(_ fragment: InlineFragment, _ record: StoreRecord) -> Bool {
    if fragment.typeCondition != nil && record.typename == nil {
      events.append(ReadEvent(.missing, owner: owner, record: record.id, field: "__typename"))
    }
    return fragment.matches(record.typename)
  }

  /// As for an inline fragment: a record with no `__typename` (the root, written first by an
  /// operation that did not select it) is missing it, so the spread's fragment is fetched
  /// rather than read as absent.
  private mutating func matches(_ spread: FragmentSpread, _ record: StoreRecord) -> Bool {
    if record.typename == nil {
      events.append(ReadEvent(.missing, owner: owner, record: record.id, field: "__typename"))
    }
    return spread.matches(record.typename)
  }

  /// The field's value, or `nil` when a null must propagate to the parent.
  private mutating func readField(_ field: FieldSelection, _ record: StoreRecord) -> DataValue? {
    if !field.conditions.pass(variables) { return .absent }
    if field.isTypename { return readTypename(field, record) }
    if let stream = field.stream { noteStream(stream, record) }
    let storageKey = field.readStorageKey(variables)
    if field.catchTo != nil { catchScopes.append([]) }
    let value: DataValue?
    if let index = record.fields.index(forKey: storageKey) {
      if let leaf = Self.plainLeaf(record.fields.entries[index].value, field) {
        value = leaf
      } else {
        let stored = record.fields.entries[index].value
        let position = Position(record: record.id, storageKey: storageKey, field: field)
        value = readValue(stored.value, errors: stored.errors, level: 0, position)
      }
    } else if field.redirect != nil, let redirected = readRedirect(field, record, storageKey: storageKey) {
      value = redirected
    } else {
      value = readMissing(field, record, storageKey: storageKey)
    }
    if field.catchTo == nil && field.required == nil { return value }
    return applyDirectives(field, value, record: record.id, storageKey: storageKey)
  }

  /// A scalar or a null stored without errors where a field selects one and the schema
  /// allows it: most fields, read here without the `Position` the general path builds,
  /// whose three references cost a retain and a release each. `nil` sends the field down
  /// the general path, which reports what is wrong.
  private static func plainLeaf(_ stored: RecordField, _ field: FieldSelection) -> DataValue? {
    let type = field.type
    guard type.levels.count == 1, !type.isComposite, !stored.hasErrors else { return nil }
    switch stored.value {
    case .scalar(let scalar): return conforms(scalar, to: type) ? .scalar(scalar) : nil
    case .null: return type.levels[0] == .nullable ? .null : nil
    case .link, .list: return nil
    }
  }

  private mutating func noteStream(_ stream: StreamDirective, _ record: StoreRecord) {
    if let state = pendingState(stream, record) { increments[stream.label] = state }
  }

  private mutating func readTypename(_ field: FieldSelection, _ record: StoreRecord) -> DataValue {
    if let typename = record.typename { return .scalar(.string(typename)) }
    events.append(ReadEvent(.missing, owner: owner, record: record.id, field: field.name))
    return .scalar(.string(""))
  }

  private mutating func readMissing(_ field: FieldSelection, _ record: StoreRecord, storageKey: String) -> DataValue? {
    if !field.isClientExtension {
      events.append(ReadEvent(.missing, owner: owner, record: record.id, field: storageKey))
    }
    return field.required == nil && isNonNull(field.type.levels[0]) ? zeroValue(field, level: 0) : .null
  }

  /// What `@catch` and `@required` make of the value the field read.
  private mutating func applyDirectives(
    _ field: FieldSelection, _ read: DataValue?, record: RecordID, storageKey: String
  ) -> DataValue? {
    var value = read
    if let target = field.catchTo, let caught = catchScopes.popLast() {
      if !caught.isEmpty { return target == .result ? .caught(caught) : .null }
      if value == nil { value = .null }
    }
    if let action = field.required, value == nil || value == .null {
      return requiredFieldMissing(action, record: record, storageKey: storageKey)
    }
    return value
  }

  /// What a `@required` field that read null gives: `nil` to null the parent, or for an
  /// uncaught THROW the event its accessor throws. LOG and THROW log the event here, on
  /// the read, so the environment logs it once per read whether or not the accessor is read.
  private mutating func requiredFieldMissing(_ action: RequiredAction, record: RecordID, storageKey: String) -> DataValue? {
    let event = ReadEvent(.requiredFieldMissing(action), owner: owner, record: record, field: storageKey)
    switch action {
    case .none:
      return nil
    case .log:
      events.append(event)
      return nil
    case .throw:
      guard catchScopes.isEmpty else {
        catchScopes[catchScopes.count - 1].append(
          FieldError(message: "The @required field \"\(storageKey)\" of record \(record) was null."))
        return nil
      }
      events.append(event)
      return .requiredFieldMissing(event)
    }
  }

  struct Position {
    var record: RecordID
    var storageKey: String
    var field: FieldSelection
  }

  /// Reads one list level of a field. `errors` are the field's errors that concern this
  /// position, their paths still relative to the field: at list level `level`, an error
  /// whose path has an index at `level` belongs to that item, the rest are this position's
  /// own. Returns `nil` when this position is non-null and its null must propagate further up.
  mutating func readValue(_ value: RecordValue, errors: [FieldError], level: Int, _ at: Position) -> DataValue? {
    switch value {
    case .list(let items) where level < at.field.type.listDepth:
      return readList(items, errors: errors, level: level, at)
    case .link(let id) where level == at.field.type.listDepth && at.field.type.isComposite:
      if !errors.isEmpty { meet(errors, at) }
      return readLink(id, level: level, at)
    default:
      return readLeaf(value, errors: errors, level: level, at)
    }
  }

  private mutating func readList(_ items: RecordList, errors: [FieldError], level: Int, _ at: Position) -> DataValue? {
    if canReuseItems(errors: errors, level: level, at) { return readListReusingItems(items, at) }
    let byItem = errors.isEmpty ? [:] : meetOwnErrors(errors, level: level, count: items.count, at)
    var list: [DataValue] = []
    list.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      // Nearly every list has no errors: no lookup (and hash) per item then.
      let itemErrors = byItem.isEmpty ? [] : byItem[index] ?? []
      guard let read = readValue(item, errors: itemErrors, level: level + 1, at) else {
        return isNonNull(at.field.type.levels[level]) ? nil : .null
      }
      list.append(read)
    }
    return .list(list)
  }

  /// Meets the errors of a list of `count` items that concern no item, and gives the others
  /// by item. An error whose path indexes past the list's end concerns no item either: it is
  /// met here, with an `unexpected` event, since no item will ever meet it.
  private mutating func meetOwnErrors(_ errors: [FieldError], level: Int, count: Int, _ at: Position) -> [Int: [FieldError]] {
    var own: [FieldError] = []
    var byItem: [Int: [FieldError]] = [:]
    var pastEnd: [Int] = []
    for error in errors {
      if error.path.count > level, case .index(let index) = error.path[level] {
        if 0..<count ~= index {
          byItem[index, default: []].append(error)
        } else {
          own.append(error)
          pastEnd.append(index)
        }
      } else {
        own.append(error)
      }
    }
    if !own.isEmpty { meet(own, at) }
    if !pastEnd.isEmpty { unexpectedErrorIndices(pastEnd, count: count, at) }
    return byItem
  }

  private mutating func unexpectedErrorIndices(_ indices: [Int], count: Int, _ at: Position) {
    let list = indices.map(String.init).joined(separator: ", ")
    let found = indices.count == 1 ? "a field error at index \(list)" : "field errors at indices \(list)"
    unexpected(expected: "field errors within the list's \(count) items", found: found, at)
  }

  private mutating func readLink(_ id: RecordID, level: Int, _ at: Position) -> DataValue? {
    guard let record = source[id] else { return readMissingLink(id, level: level, at) }
    see(id)
    if let typename = record.typename, !at.field.admits(typename), !readsAsItself(typename, at) {
      return readUnexpectedType(typename, level: level, at)
    }
    guard depth < NestingLimit.objects else { return readTooDeep(at) }
    depth += 1
    let object = StackSegments.startsSegment(depth)
      ? readObjectOnNewStack(record, selections: at.field.steps, slotCount: at.field.slotCount)
      : readObject(record, selections: at.field.steps, slotCount: at.field.slotCount)
    depth -= 1
    guard let object else {
      return isNonNull(at.field.type.levels[level]) && !at.field.childrenCanBubbleNull ? nil : .null
    }
    return .object(object)
  }

  /// `readObject` on a stack of its own (see `StackSegments`); where no thread can be made,
  /// the objects below read as nulls, with an `unexpected` event.
  private mutating func readObjectOnNewStack(_ record: StoreRecord, selections: SelectionSteps, slotCount: Int) -> DataObject? {
    let object = StackSegments.run { readObject(record, selections: selections, slotCount: slotCount) }
    guard let object else {
      events.append(ReadEvent(
        .unexpected(expected: "a thread to read deeper objects on", found: "none could be made"), owner: owner,
        record: record.id, field: nil))
      return nil
    }
    return object
  }

  private mutating func readMissingLink(_ id: RecordID, level: Int, _ at: Position) -> DataValue? {
    events.append(ReadEvent(.missing, owner: owner, record: id, field: nil))
    return isNonNull(at.field.type.levels[level]) ? zeroValue(at.field, level: level) : .null
  }

  /// Whether an object of a type outside the field's possible types reads as itself: under
  /// an interface or union it is most likely of a type the server's schema gained after the
  /// client's was generated, so it keeps the `__typename` the server sent and matches no
  /// type condition, with an `unexpected` event. An object type's field holding another
  /// type reads as the zero value.
  private mutating func readsAsItself(_ typename: String, _ at: Position) -> Bool {
    guard at.field.type.kind == .interface || at.field.type.kind == .union else { return false }
    unexpected(
      expected: "an object of one of the types of \(at.field.type.name) the client knows",
      found: "an object of type \(typename)", at)
    return true
  }

  private mutating func readUnexpectedType(_ typename: String, level: Int, _ at: Position) -> DataValue {
    unexpected(expected: "an object of type \(at.field.type.name)", found: "an object of type \(typename)", at)
    return zeroValue(at.field, level: level)
  }

  private mutating func readTooDeep(_ at: Position) -> DataValue {
    unexpected(expected: "objects nested at most \(NestingLimit.objects) levels deep", found: "a deeper one", at)
    return .null
  }

  /// A value that recurses no further: null, a scalar, or a value of the wrong shape.
  private mutating func readLeaf(_ value: RecordValue, errors: [FieldError], level: Int, _ at: Position) -> DataValue? {
    let type = at.field.type
    let nonNull = isNonNull(type.levels[level])
    if case .null = value {
      guard errors.isEmpty else {
        meet(errors, at)
        return nonNull ? nil : .null
      }
      if nonNull && at.field.required == nil {
        unexpected(expected: "a non-null value of type \(type.name)", found: "null", at)
        return zeroValue(at.field, level: level)
      }
      return .null
    }
    // Below a value that is not a list where one was selected, no item meets an error.
    if !errors.isEmpty { meet(errors, at) }
    if case .scalar(let scalar) = value, level == type.listDepth && !type.isComposite {
      guard Self.conforms(scalar, to: type) else {
        unexpected(expected: "a value of type \(type.name)", found: Self.describe(scalar, as: type), at)
        return zeroValue(at.field, level: level)
      }
      return .scalar(scalar)
    }
    unexpected(expected: Self.expectation(type, level: level), found: Self.describe(value), at)
    return zeroValue(at.field, level: level)
  }

  /// Field errors met at a position: caught by the innermost `@catch`, else reported, and
  /// under `@throwOnFieldError` or `onError: HALT` they fail the owner.
  private mutating func meet(_ errors: [FieldError], _ at: Position) {
    if !catchScopes.isEmpty {
      catchScopes[catchScopes.count - 1].append(contentsOf: errors)
      return
    }
    let event = ReadEvent(.fieldError(errors), owner: owner, record: at.record, field: at.storageKey)
    events.append(event)
    if throwOnFieldError || onError == .halt { thrownFieldErrors.append(event) }
  }

  private mutating func unexpected(expected: String, found: String, _ at: Position) {
    events.append(ReadEvent(.unexpected(expected: expected, found: found), owner: owner, record: at.record, field: at.storageKey))
  }

  mutating func see(_ id: RecordID) {
    seen.append(id)
    if recordingItem { seenLog.append(id) }
  }

  /// Semantic non-null is non-null only where a handling policy is in place.
  func isNonNull(_ nullability: Nullability) -> Bool {
    switch nullability {
    case .nullable: false
    case .nonNull: true
    case .semanticNonNull: throwOnFieldError || !catchScopes.isEmpty
    }
  }
}

/// An object a lens read's walk went through: its record and the selections walked there.
struct WalkedObject: Hashable {
  let record: RecordID
  let steps: ObjectIdentifier

  /// The id's kept hash and the selections' address, mixed with the table's seed (see
  /// `HashMixing`): looked up at every link a walk follows, where a whole `Hasher` over
  /// both cost more than the walk it saves.
  func _rawHashValue(seed: Int) -> Int {
    HashMixing.mix(record.storage.hash ^ Int(bitPattern: UInt(bitPattern: steps)), seed: seed)
  }
}
