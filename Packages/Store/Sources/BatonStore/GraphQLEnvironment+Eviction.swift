import BatonNormalizer

extension GraphQLEnvironment {
  /// Removes what `record` holds for the field `name`: every value stored for it, or with
  /// `arguments` only the one those arguments name (`character(id: "1")` is
  /// `evict(field: "character", arguments: ["id": "1"], of: .root)`).
  ///
  /// The field is then missing, not null: handles that read it get a `missing` event and
  /// heal as for any missing data (with the default policy, one refetch). The records the
  /// field linked to stay; `evict(record:)` removes a record with what only it reached.
  public func evict(field name: String, arguments: [String: JSONValue]? = nil, of record: RecordID) {
    let key = arguments.map { arguments in
      StorageKey.make(
        name: name, arguments: arguments.map { Argument($0.key, .literal($0.value)) }, variables: [:])
    }
    update { state in
      var records = RecordUpdater(state.base)
      records.removeFields(of: record) { storageKey in
        key.map { storageKey == $0 } ?? (storageKey == name || storageKey.hasPrefix(name + "("))
      }
      state.recordsChanged(state.replaceBase(records), now: clock.now)
    }
  }

  /// Removes `record` and the records only it reached (through its links, and theirs);
  /// other records' fields that linked to a removed record go too.
  ///
  /// What linked to the record then reads as missing: handles that read it get a `missing`
  /// event and heal as for any missing data. A record something else still links to
  /// stays, as do the store's root and what it reaches by other paths.
  public func evict(record: RecordID) {
    update { state in
      let removed = state.base.reachedOnly(from: record)
      var records = RecordUpdater(state.base)
      records.removeRecords(removed)
      state.recordsChanged(state.replaceBase(records), now: clock.now)
    }
  }

  /// Removes what only `request` put in the store: the root fields it selected, with its
  /// variables, and the records its last read saw, leaving any another operation in the
  /// store reads (a root field it selects, a record its last read saw).
  ///
  /// A handle that watches `request` reads its data as missing and heals (with the default
  /// policy, one refetch).
  public func evict<Request: GraphQLOperation>(_ request: Request) {
    let key = OperationImage(operationID: Request.operationID, name: Request.operation.name, variables: request.variables).key
    update { state in
      var rootKeys = Set(Request.operation.selections.rootStorageKeys(request.variables))
      var removed = state.operations[key]?.image.seenRecords ?? []
      for (other, entry) in state.operations.entries where other != key {
        removed.subtract(entry.image.seenRecords)
        if let reader = entry.reader { rootKeys.subtract(reader.operation.selections.rootStorageKeys(reader.variables)) }
      }
      removed.remove(.root)
      var records = RecordUpdater(state.base)
      records.removeFields(of: .root) { rootKeys.contains($0) }
      records.removeRecords(removed)
      state.recordsChanged(state.replaceBase(records), now: clock.now)
    }
  }
}

extension [Selection] {
  /// The storage keys of the fields these selections write on the record they are read
  /// from, through inline fragments and spreads (which at the root always apply).
  fileprivate func rootStorageKeys(_ variables: [String: JSONValue]) -> [String] {
    flatMap { selection -> [String] in
      switch selection {
      case .field(let field): [field.storageKey(variables)]
      case .inlineFragment(let fragment): fragment.selections.rootStorageKeys(variables)
      case .fragmentSpread(let spread): spread.fragment.selections.rootStorageKeys(spread.variables(variables))
      }
    }
  }
}
