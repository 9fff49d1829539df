import BatonNormalizer
import Foundation

extension OperationRead {
  /// The fields past their max age at `now` that each owner's own selections read, the
  /// operation's first, then each fragment's (all its reads with the same variables as one)
  /// in the order first read.
  func staleFields(_ owners: [OwnerRead], ages: FieldAges, now: Date) -> [StaleField] {
    var stale: [StaleField] = []
    forEachAgedField(owners, ages: ages) { owner, record, key, fetchedAt, maxAge in
      let age = now.timeIntervalSince(fetchedAt)
      guard age >= maxAge else { return }
      stale.append(StaleField(owner: owner, record: record, field: key, age: .seconds(age), maxAge: .seconds(maxAge)))
    }
    return stale
  }

  /// When the next field `owners` read passes its max age, after `now`.
  func nextFieldDeadline(_ owners: [OwnerRead], ages: FieldAges, after now: Date) -> Date? {
    var next: Date?
    forEachAgedField(owners, ages: ages) { _, _, _, fetchedAt, maxAge in
      let deadline = fetchedAt.addingTimeInterval(maxAge)
      if deadline > now, deadline < (next ?? .distantFuture) { next = deadline }
    }
    return next
  }

  /// Calls `body` with each field that has a max age and that an owner's own selections
  /// read, owner by owner, then by record id and storage key.
  private func forEachAgedField(
    _ owners: [OwnerRead], ages: FieldAges,
    _ body: (_ owner: ReadOwner, _ record: RecordID, _ key: String, _ fetchedAt: Date, _ maxAge: Double) -> Void
  ) {
    guard !ages.isEmpty else { return }
    for read in owners {
      let aged = read.seen.filter { ages.fields[$0] != nil }
      guard !aged.isEmpty, let selections = selections(of: read.owner) else { continue }
      var keys: Set<String> = []
      Self.storageKeys(selections, read.variables, into: &keys)
      for record in aged.sorted(by: { $0.description < $1.description }) {
        for key in (ages.fields[record] ?? [:]).keys.sorted() where keys.contains(key) {
          guard let (fetchedAt, maxAge) = ages.age(of: record, field: key) else { continue }
          body(read.owner, record, key, fetchedAt, maxAge)
        }
      }
    }
  }

  private func selections(of owner: ReadOwner) -> [Selection]? {
    switch owner {
    case .operation: operation.selections
    case .fragment(let name): fragments[name]?.selections
    }
  }

  /// The storage keys of the fields `selections` read themselves: inline fragments' too,
  /// not those of the fragments they spread (which are their own owners).
  private static func storageKeys(_ selections: [Selection], _ variables: [String: JSONValue], into keys: inout Set<String>) {
    for selection in selections {
      switch selection {
      case .field(let field):
        keys.insert(field.readStorageKey(variables))
        storageKeys(field.selections, variables, into: &keys)
      case .inlineFragment(let inline): storageKeys(inline.selections, variables, into: &keys)
      case .fragmentSpread: continue
      }
    }
  }
}
