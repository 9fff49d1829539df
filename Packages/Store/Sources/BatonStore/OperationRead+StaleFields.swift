import BatonNormalizer
import Foundation

extension OperationRead {
  /// The fields past their max age at `now` that each owner's own selections read, the
  /// operation's first, then each fragment's in the order read.
  func staleFields(_ owners: [OwnerRead], ages: FieldAges, now: Date) -> [StaleField] {
    guard !ages.isEmpty else { return [] }
    var stale: [StaleField] = []
    for read in owners {
      let aged = read.seen.filter { ages.fields[$0] != nil }
      guard !aged.isEmpty, let selections = selections(of: read.owner) else { continue }
      var keys: Set<String> = []
      Self.storageKeys(selections, read.variables, into: &keys)
      for record in aged.sorted(by: { $0.description < $1.description }) {
        for key in (ages.fields[record] ?? [:]).keys.sorted() where keys.contains(key) {
          guard let (fetchedAt, maxAge) = ages.age(of: record, field: key) else { continue }
          let age = now.timeIntervalSince(fetchedAt)
          guard age >= maxAge else { continue }
          stale.append(StaleField(
            owner: read.owner, record: record, field: key, age: .seconds(age), maxAge: .seconds(maxAge)))
        }
      }
    }
    return stale
  }

  /// When the next field `owners` read passes its max age, after `now`.
  func nextFieldDeadline(_ owners: [OwnerRead], ages: FieldAges, after now: Date) -> Date? {
    guard !ages.isEmpty else { return nil }
    var next: Date?
    for read in owners {
      let aged = read.seen.filter { ages.fields[$0] != nil }
      guard !aged.isEmpty, let selections = selections(of: read.owner) else { continue }
      var keys: Set<String> = []
      Self.storageKeys(selections, read.variables, into: &keys)
      for record in aged {
        for key in (ages.fields[record] ?? [:]).keys where keys.contains(key) {
          guard let (fetchedAt, maxAge) = ages.age(of: record, field: key) else { continue }
          let deadline = fetchedAt.addingTimeInterval(maxAge)
          if deadline > now, deadline < (next ?? .distantFuture) { next = deadline }
        }
      }
    }
    return next
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
