extension IncrementalResponse {
  /// Finds the record at a response path, reading this response's writes over the store.
  ///
  /// The paths of one payload share most of their steps (`repository.issues.nodes.3`,
  /// `.nodes.4`, ...), so the steps of the last path resolved are kept and the next path's
  /// common prefix reuses them while what they read is unchanged. The caller says when it
  /// may have changed: after normalizing an entry (`keepSteps(unchangedIn:)` keeps the
  /// steps whose fields it did not rewrite) or appending a stream's items
  /// (`forgetSteps()`). The states written between resolutions are keyed
  /// `__defer:`/`__stream:`, which no field's storage key can be, so they change no step.
  struct Locator {
    let operation: OperationDescriptor
    let variables: [String: JSONValue]
    let root: RecordID
    let source: RecordSource
    /// The states and appended lists this payload writes over what it normalized.
    private(set) var written = RecordSource()
    private var steps: [Step] = []

    /// One component of a resolved path: for a key, the field it read; the value it leads
    /// to; and the fields the last key named (whose selection sets apply to the object there).
    private struct Step {
      let component: PathComponent
      let read: (id: RecordID, storageKey: String)?
      let value: RecordValue
      let fields: [FieldSelection]
    }

    init(_ response: IncrementalResponse, _ source: RecordSource) {
      self.operation = response.operation
      self.variables = response.variables
      self.root = response.root
      self.source = source
    }

    mutating func write(_ record: StoreRecord) {
      written.merge(record)
    }

    /// Drops the kept steps: a list on them may have grown.
    mutating func forgetSteps() {
      steps.removeAll(keepingCapacity: true)
    }

    /// Drops the kept steps from the first whose field now reads otherwise in `changes`, what
    /// the payload has normalized so far. Changes only add records and fields, so a step
    /// whose record `changes` lacks read the store or `written`, and still reads the same.
    mutating func keepSteps(unchangedIn changes: [RecordID: StoreRecord]) {
      let stale = steps.firstIndex { step in
        guard let read = step.read, changes[read.id] != nil else { return false }
        return field(read.id, read.storageKey, changes)?.value != step.value
      }
      if let stale { steps.removeSubrange(stale...) }
    }

    /// The field as this payload leaves it: `written`, else what the payload normalized
    /// (`changes`), else the store.
    func field(_ id: RecordID, _ storageKey: String, _ changes: [RecordID: StoreRecord]) -> RecordField? {
      if !written.isEmpty, let field = written[id]?.fields[storageKey] { return field }
      if !changes.isEmpty, let field = changes[id]?.fields[storageKey] { return field }
      return source[id]?.fields[storageKey]
    }

    /// The record's type as this payload leaves it.
    func typename(of id: RecordID, _ changes: [RecordID: StoreRecord]) -> String? {
      changes[id]?.typename ?? source[id]?.typename
    }

    mutating func object(at path: [PathComponent], _ changes: [RecordID: StoreRecord]) -> Target? {
      var kept = 0
      while kept < steps.count, kept < path.count, steps[kept].component == path[kept] { kept += 1 }
      if kept < steps.count { steps.removeSubrange(kept...) }
      var value = steps.last?.value ?? .link(root)
      var fields = steps.last?.fields ?? []
      for component in path[kept...] {
        var read: (id: RecordID, storageKey: String)?
        switch component {
        case .key(let key):
          guard case .link(let id) = value else { return nil }
          fields = fields.isEmpty
            ? Target.fields(key, in: operation.selections) : Target.fields(key, under: fields)
          guard let first = fields.first else { return nil }
          let storageKey = first.storageKey(variables)
          guard let stored = field(id, storageKey, changes) else { return nil }
          read = (id, storageKey)
          value = stored.value
        case .index(let index):
          guard case .list(let items) = value, items.indices.contains(index) else { return nil }
          value = items[index]
        }
        steps.append(Step(component: component, read: read, value: value, fields: fields))
      }
      guard case .link(let id) = value else { return nil }
      return Target(id: id, selections: fields.isEmpty ? [operation.selections] : fields.map(\.selections))
    }
  }

  /// An object of the operation: its record and the selection sets that apply to it.
  struct Target {
    var id: RecordID
    var selections: [[Selection]]

    /// The fields of these selection sets with the response key `key`, fragments looked into.
    func fields(_ key: String) -> [FieldSelection] {
      var found: [FieldSelection] = []
      for set in selections { Self.collect(key, set, into: &found) }
      return found
    }

    /// The fields of `selections` with the response key `key`.
    static func fields(_ key: String, in selections: [Selection]) -> [FieldSelection] {
      var found: [FieldSelection] = []
      collect(key, selections, into: &found)
      return found
    }

    /// The fields with the response key `key` in the selection sets of `parents`.
    static func fields(_ key: String, under parents: [FieldSelection]) -> [FieldSelection] {
      var found: [FieldSelection] = []
      for parent in parents { collect(key, parent.selections, into: &found) }
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
    /// (those whose label the document does not send, when it names none), and whether two
    /// composite fields of them may share a response key: the fragment's own answer when
    /// one fragment matches, else worked out for all of them together.
    func deferred(
      labelled label: String?, variables: [String: JSONValue]
    ) -> (selections: [Selection], mayOverlap: Bool) {
      var found: [Selection] = []
      var count = 0
      var mayOverlap = false
      visitDeferred(labelled: label, variables: variables) { _, selections, overlap in
        if found.isEmpty { found = selections } else { found += selections }
        count += 1
        mayOverlap = overlap
      }
      return (found, count == 1 ? mayOverlap : found.mayRepeatCompositeKey)
    }

    /// Visits each deferred fragment named by `label`: its directive, its selections, and
    /// whether two composite fields of them may share a response key.
    func visitDeferred(
      labelled label: String?, variables: [String: JSONValue], _ visit: (DeferDirective, [Selection], Bool) -> Void
    ) {
      func walk(_ selections: [Selection]) {
        for selection in selections {
          let directive: DeferDirective?
          let inner: [Selection]
          let mayOverlap: Bool
          switch selection {
          case .field: continue
          case .inlineFragment(let fragment):
            (directive, inner, mayOverlap) = (fragment.deferred, fragment.selections, fragment.selectionsMayOverlap)
          case .fragmentSpread(let spread):
            (directive, inner, mayOverlap) = (spread.deferred, spread.fragment.selections, spread.fragment.selectionsMayOverlap)
          }
          if let directive, directive.isActive(variables), directive.label == label {
            visit(directive, inner, mayOverlap)
          } else if directive == nil {
            walk(inner)
          }
        }
      }
      for set in selections { walk(set) }
    }
  }
}
