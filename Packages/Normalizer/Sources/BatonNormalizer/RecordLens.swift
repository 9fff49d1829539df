/// An object of read data that looks its slots up in its record when they are asked for,
/// rather than holding them: what a read gives when nothing in it needed deciding (see
/// `Reader.lensRead`), so that data held by a screen costs its records and not a copy of
/// them as a tree.
///
/// A slot reads what the eager read would have put there, because the walk that made the
/// lens checked everything the eager read decides on: every field was present, without
/// errors, of the schema's type and not null where the schema promises a value, every
/// linked record there, and no `@catch`, `@required`, pending increment or cache redirect
/// on the way. The record is the snapshot the walk saw, and the source the one it read.
final class RecordLens: Sendable {
  let record: StoreRecord
  /// The slots of the selections read, kept alive by the context's selections.
  private let table: Unmanaged<SelectionSteps.SlotTable>
  let context: LensContext

  /// A lens reading `selections` (the context's, or selections inside them) at `record`.
  init(_ record: StoreRecord, _ selections: SelectionSteps, _ context: LensContext) {
    self.record = record
    table = Unmanaged.passUnretained(selections.table)
    self.context = context
  }

  var slotCount: Int { table.withBorrowed { $0.slots.count } }

  /// The slot at `index`, or `.absent` outside the selection.
  func slot(_ index: Int) -> DataValue {
    table.withBorrowed { table in
      switch applyingStep(index, table) {
      case .field(let unretained)?:
        return unretained.withBorrowed(field)
      case .fragmentSpread(let unretained)?:
        return unretained.withBorrowed { spread in
          guard spread.conditions.pass(context.variables), spread.matches(record.typename) else { return .absent }
          return .fragment(FragmentReference(scope: context.scope(of: spread), record: record.id))
        }
      case .inlineFragment?, nil:
        // An aliased inline fragment under `@catch` that applies is never read through a lens.
        return .absent
      }
    }
  }

  /// The scalar slot `index` holds, looked up in the record in place: what `slot(_:)`
  /// gives as `.scalar`, without making the value around it; `nil` for any other slot.
  func scalar(_ index: Int) -> JSONValue? {
    table.withBorrowed { table in
      guard case .field(let unretained)? = applyingStep(index, table) else { return nil }
      return unretained.withBorrowed { field in
        guard field.conditions.pass(context.variables) else { return nil }
        if field.isTypename { return .string(record.typename ?? "") }
        guard let position = storedPosition(of: field) else { return nil }
        return record.fields.scalar(at: position)
      }
    }
  }

  /// The step of slot `index`, when the guards of the inline fragments around it apply to
  /// the record; `nil` outside the selection or when one does not.
  private func applyingStep(_ index: Int, _ table: SelectionSteps.SlotTable) -> SelectionSteps.Step? {
    guard 0 <= index && index < table.slots.count else { return nil }
    let slot = table.slots[index]
    var position = Int(slot.guards.lowerBound)
    while position < Int(slot.guards.upperBound) {
      let applies = table.guards[position].withBorrowed {
        $0.conditions.pass(context.variables) && $0.matches(record.typename)
      }
      if !applies { return nil }
      position += 1
    }
    return slot.step
  }

  private func field(_ field: FieldSelection) -> DataValue {
    if !field.conditions.pass(context.variables) { return .absent }
    if field.isTypename { return .scalar(.string(record.typename ?? "")) }
    guard let position = storedPosition(of: field) else { return .null }
    // A scalar (most slots) is taken in place; any other value is copied out and made.
    if let scalar = record.fields.scalar(at: position) { return .scalar(scalar) }
    return context.value(record.fields.entries[position].value.value, field, level: 0)
  }

  /// Where the record stores `field`'s value among its fields.
  private func storedPosition(of field: FieldSelection) -> Int? {
    if field.connection == nil, let key = field.constantStorageKey { return record.fields.index(forKey: key) }
    return record.fields.index(forKey: field.readStorageKey(context.variables))
  }
}

/// The items of a list read through a lens: each item's value is made when it is asked for.
final class ListLens: Sendable {
  let items: RecordList
  let field: FieldSelection
  /// The list level of the items (1 for a list's items, 2 for a list of lists' innermost).
  let level: Int
  let context: LensContext

  init(_ items: RecordList, _ field: FieldSelection, level: Int, _ context: LensContext) {
    self.items = items
    self.field = field
    self.level = level
    self.context = context
  }

  var count: Int { items.count }

  func item(_ position: Int) -> DataValue {
    context.value(items[position], field, level: level)
  }
}

/// The contexts the lens reads of spread fragments made, by the scope of the references
/// read (see `read(_:fragment:at:sharing:)`).
package struct LensContexts: Sendable {
  /// One for each fragment and variables read: few, so searched in turn (a scope compares
  /// by identity, then by its kept hash). A dictionary hashed the scope at every lookup,
  /// and a screen looks one up for every spread it reads.
  private var contexts: [(scope: FragmentReference.Scope, context: LensContext)] = []

  package init() {}

  /// The context of the lenses read at references of `scope`.
  subscript(scope: FragmentReference.Scope) -> LensContext? {
    for index in contexts.indices where contexts[index].scope == scope { return contexts[index].context }
    return nil
  }

  /// Keeps `context` for `scope`, which has none yet.
  mutating func add(_ context: LensContext, for scope: FragmentReference.Scope) {
    contexts.append((scope, context))
  }
}

/// What every lens of one read shares: the source it read, and the variables, owner and
/// fragment scopes its references carry.
final class LensContext: Sendable {
  /// The selections read, which keep alive the slot tables of every lens of the read.
  let selections: SelectionSteps
  let source: RecordSource
  let variables: [String: JSONValue]
  let owner: ReadOwner
  let onError: OnErrorMode
  /// The scopes the read gave the references of fragments without arguments, so a lens's
  /// references share them as the eager read's do.
  let scopes: [FragmentReference.Scope]

  init(
    selections: SelectionSteps, source: RecordSource, variables: [String: JSONValue], owner: ReadOwner,
    onError: OnErrorMode, scopes: [FragmentReference.Scope]
  ) {
    self.selections = selections
    self.source = source
    self.variables = variables
    self.owner = owner
    self.onError = onError
    self.scopes = scopes
  }

  /// What a stored value reads as at list level `level` of `field`, as the eager read
  /// gives it for a value the walk found plain.
  func value(_ value: RecordValue, _ field: FieldSelection, level: Int) -> DataValue {
    let type = field.type
    switch value {
    case .list(let items) where level < type.listDepth:
      return .list(DataItems(lens: ListLens(items, field, level: level + 1, self)))
    case .link(let id) where level == type.listDepth && type.isComposite:
      guard let record = source[id] else { return .null }
      return .object(DataObject(lens: RecordLens(record, field.steps, self)))
    case .scalar(let scalar):
      return .scalar(scalar)
    case .null, .link, .list:
      return .null
    }
  }

  /// The scope of the references `spread` gives (see `Reader.scope(of:)`).
  func scope(of spread: FragmentSpread) -> FragmentReference.Scope {
    scopes.shared(by: spread) ?? FragmentReference.Scope(spread, owner: owner, variables: variables, onError: onError)
  }
}
