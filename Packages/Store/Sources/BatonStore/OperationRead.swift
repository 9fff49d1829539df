import BatonNormalizer

/// Reads an operation as a handle needs it: the operation's own read, plus every fragment
/// its data spreads, so the records and events of masked fragments count too (a write to
/// a field only a fragment reads must still reach the handle).
struct OperationRead: Sendable {
  let operation: BatonNormalizer.OperationDescriptor
  let variables: [String: JSONValue]
  /// The record the root fields are on: the query root, or a subscription's own.
  let root: RecordID
  /// Every fragment the operation spreads, directly or through other fragments, by name.
  let fragments: [String: Fragment]

  init(operation: BatonNormalizer.OperationDescriptor, variables: [String: JSONValue], root: RecordID = .root) {
    self.operation = operation
    self.variables = variables
    self.root = root
    var fragments: [String: Fragment] = [:]
    Self.collect(operation.selections, into: &fragments)
    self.fragments = fragments
  }

  /// What a handle compares between reads: the operation's read, and what every fragment
  /// its data spreads read (masked from the parent, so a change there shows only here);
  /// and those reads by reference, for the data's spread accessors (`SpreadReads`).
  struct Outcome {
    var result: ReadResult
    var fragments: [FragmentOutcome]
    var spreads: SpreadReads?
    /// The spreads whose fragment read as a lens, which `fragments` leaves out: a lens reads
    /// the records it was made from, so it is compared by reading the reference again in
    /// the last read's source (`lensFragmentsChanged`) rather than kept per reference.
    var lensReads: [(reference: FragmentReference, fragment: Fragment)] = []
    /// Who read what: the operation, then each fragment read (all the reads of one fragment
    /// with the same variables as one), with the records it saw.
    var owners: [OwnerRead] = []
  }

  /// The records one owner's own selections saw, and the variables it read them with.
  struct OwnerRead: Hashable {
    var owner: ReadOwner
    var variables: [String: JSONValue]
    var seen: Set<RecordID>
  }

  /// What reading a spread gives its reader: the fragment's data and what a `@catch` on it
  /// caught, which change apart (a field that stays null may gain or lose its error).
  struct FragmentOutcome: Hashable {
    var data: DataObject?
    var caughtErrors: [FieldError]
  }

  /// The operation's read, with `seenRecords` and `events` widened to its fragments and to
  /// the records it found missing (so their arrival reaches the handle).
  func read(_ source: RecordSource) -> Outcome {
    let interval = Signposts.store.begin("read")
    defer { Signposts.store.end(interval) }
    return widened(BatonNormalizer.read(source, operation: operation, variables: variables, at: root), source)
  }

  /// `read(_:)` reusing the list items `cache` kept from the last read (invalidated by the
  /// caller with the records changed since), and keeping this read's for the next. The
  /// records the items of those lists saw are not in the outcome's `seenRecords` but in
  /// the cache (`ReadCache.allSeen(joining:)`).
  func read(_ source: RecordSource, cache: inout ReadCache) -> Outcome {
    let interval = Signposts.store.begin("read")
    defer { Signposts.store.end(interval) }
    return widened(
      BatonNormalizer.read(source, operation: operation, variables: variables, at: root, cache: &cache), source)
  }

  private func widened(_ operationRead: ReadResult, _ source: RecordSource) -> Outcome {
    var result = operationRead
    result.spreads = nil
    var fragmentData: [FragmentOutcome] = []
    var owners = [OwnerRead(owner: .operation(operation.name), variables: variables, seen: operationRead.seenRecords)]
    // The widened set is the operation's own until a record outside it joins: both are
    // kept (the handle's and its owners'), so an insert that adds nothing must not copy it.
    Self.include(root, in: &result.seenRecords)
    // Without fragments there is no spread to look for in the data.
    var pending: [DataValue] = []
    if !fragments.isEmpty { Self.push(operationRead, onto: &pending) }
    var visited: Set<FragmentReference> = []
    var spreads: [FragmentReference: (fragment: Fragment, data: DataObject?)] = [:]
    var lensFragments: [Fragment] = []
    var lensReads: [(reference: FragmentReference, fragment: Fragment)] = []
    var contexts = LensContexts()
    var ownerIndex: [OwnerKey: Int] = [:]
    // Each read's spreads in the order of its data, depth first (pushed last to first),
    // whether found in a tree or listed by a lens's walk: both orders are the same, so
    // two reads of the same data list their fragments alike.
    while let value = pending.popLast() {
      switch value {
      case .object(let object):
        let start = pending.count
        object.forEachNestedSlot { pending.append($0) }
        pending[start...].reverse()
      case .list(let items): pending.append(contentsOf: items.reversed())
      case .fragment(let reference):
        // A record spread again (an author of many comments) was read at its first spread.
        guard !visited.contains(reference), let fragment = fragments[reference.fragment] else { continue }
        visited.insert(reference)
        let inner = BatonNormalizer.read(
          source, fragment: fragment, at: reference, sharing: &contexts, asLens: operationRead.spreads != nil)
        if inner.spreads == nil {
          spreads[reference] = (fragment, inner.data)
          fragmentData.append(FragmentOutcome(data: inner.data, caughtErrors: inner.caughtErrors))
        } else {
          lensReads.append((reference, fragment))
          if !lensFragments.contains(where: { $0 === fragment }) { lensFragments.append(fragment) }
        }
        for record in inner.seenRecords { Self.include(record, in: &result.seenRecords) }
        Self.include(reference.record, in: &result.seenRecords)
        result.events.append(contentsOf: inner.events)
        Self.add(OwnerRead(owner: .fragment(fragment.name), variables: reference.variables, seen: inner.seenRecords), to: &owners, at: &ownerIndex)
        Self.push(inner, onto: &pending)
      case .absent, .null, .scalar, .caught, .requiredFieldMissing: continue
      }
    }
    for event in result.events where event.kind == .missing && event.field == nil {
      Self.include(event.record, in: &result.seenRecords)
    }
    let kept =
      visited.isEmpty ? nil : SpreadReads(spreads, lensFragments: lensFragments, contexts: contexts)
    return Outcome(result: result, fragments: fragmentData, spreads: kept, lensReads: lensReads, owners: owners)
  }

  /// Whether a spread read as a lens in `outcome` reads differently in `source` than in
  /// `previous`, the source of the read before, whose owners were `previousOwners`. A
  /// lens's data follows from the records its read saw, so only a write to a record some
  /// fragment saw (in either read; any, when `changed` is not known) can change it; each
  /// such spread is then read in both sources and compared.
  func lensFragmentsChanged(
    _ outcome: Outcome, in source: RecordSource, since previous: RecordSource?, previousOwners: [OwnerRead],
    changed: Set<RecordID>?
  ) -> Bool {
    guard !outcome.lensReads.isEmpty else { return false }
    guard let previous else { return true }
    if let changed {
      let sawChange = { (owners: [OwnerRead]) in owners.dropFirst().contains { !$0.seen.isDisjoint(with: changed) } }
      guard sawChange(previousOwners) || sawChange(outcome.owners) else { return false }
    }
    return outcome.lensReads.contains { reference, fragment in
      BatonNormalizer.read(previous, fragment: fragment, at: reference).data
        != BatonNormalizer.read(source, fragment: fragment, at: reference).data
    }
  }

  /// Who read with which variables: one `OwnerRead` each.
  private struct OwnerKey: Hashable {
    var owner: ReadOwner
    var variables: [String: JSONValue]
  }

  /// Adds what one read of an owner saw to the owner's entry: the reads of a fragment at
  /// every record it is spread on (every author of every comment) are one owner, whose
  /// fields are the same at each.
  private static func add(_ read: OwnerRead, to owners: inout [OwnerRead], at index: inout [OwnerKey: Int]) {
    let key = OwnerKey(owner: read.owner, variables: read.variables)
    guard let position = index[key] else {
      index[key] = owners.count
      owners.append(read)
      return
    }
    owners[position].seen.formUnion(read.seen)
  }

  /// Pushes what of `read`'s data may hold spreads: the references a lens's walk listed,
  /// last first, else the data itself.
  private static func push(_ read: ReadResult, onto pending: inout [DataValue]) {
    if let references = read.spreads {
      pending.append(contentsOf: references.reversed().lazy.map(DataValue.fragment))
    } else if let data = read.data {
      pending.append(.object(data))
    }
  }

  /// Adds `record` to `records` when it is not there: `Set.insert` copies storage it shares
  /// before looking.
  private static func include(_ record: RecordID, in records: inout Set<RecordID>) {
    if !records.contains(record) { records.insert(record) }
  }

  /// Where the reader named `owner` is declared: the fragment's file and line, or the
  /// operation's.
  func declaration(of owner: ReadOwner) -> (fileID: StaticString, line: UInt) {
    if case .fragment(let name) = owner, let fragment = fragments[name] {
      return (fragment.fileID, fragment.line)
    }
    return (operation.fileID, operation.line)
  }

  private static func collect(_ selections: [Selection], into fragments: inout [String: Fragment]) {
    for selection in selections {
      switch selection {
      case .field(let field): collect(field.selections, into: &fragments)
      case .inlineFragment(let inline): collect(inline.selections, into: &fragments)
      case .fragmentSpread(let spread):
        guard fragments[spread.fragment.name] == nil else { continue }
        fragments[spread.fragment.name] = spread.fragment
        collect(spread.fragment.selections, into: &fragments)
      }
    }
  }
}
