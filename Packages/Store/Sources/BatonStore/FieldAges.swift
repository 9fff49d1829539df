import BatonNormalizer
import Foundation

/// When each record field that has a max age was fetched, and that max age: what makes a
/// field, and the fragments that read it, stale.
///
/// Only fields with a max age (declared in `MaxAges`, or hinted by the server) are kept, so
/// a store without any keeps nothing. A fetch time is shared by every field one commit
/// wrote: the table holds each commit's time once, and a field the index of its commit.
public struct FieldAges: Sendable, Hashable {
  /// One field's fetch: the index of its commit in `commitTimes`, and its max age in seconds.
  public struct Entry: Sendable, Hashable {
    /// The index in `commitTimes` of the commit that last wrote the field.
    public var commit: Int
    /// How long the field stays fresh after that commit, in seconds.
    public var maxAge: Double

    /// An entry for a field written by commit `commit`, fresh for `maxAge` seconds.
    public init(commit: Int, maxAge: Double) {
      self.commit = commit
      self.maxAge = maxAge
    }
  }

  /// The times of the commits that wrote aged fields, as seconds since 1970, oldest first.
  public private(set) var commitTimes: [Double]
  /// The aged fields of each record, by storage key.
  public private(set) var fields: [RecordID: [String: Entry]]

  /// No aged field.
  public init() {
    self.commitTimes = []
    self.fields = [:]
  }

  /// A table as an image holds it; entries pointing past `commitTimes` are left out.
  public init(commitTimes: [Double], fields: [RecordID: [String: Entry]]) {
    self.commitTimes = commitTimes
    self.fields = fields.compactMapValues { entries in
      let kept = entries.filter { $0.value.commit >= 0 && $0.value.commit < commitTimes.count }
      return kept.isEmpty ? nil : kept
    }
  }

  /// Whether no field has a max age.
  public var isEmpty: Bool { fields.isEmpty }

  /// When `field` of `record` was fetched and how long it stays fresh; `nil` for a field
  /// without a max age.
  public func age(of record: RecordID, field: String) -> (fetchedAt: Date, maxAge: Double)? {
    guard let entry = fields[record]?[field] else { return nil }
    return (Date(timeIntervalSince1970: commitTimes[entry.commit]), entry.maxAge)
  }

  /// Notes that `written` (record and storage key pairs, each with its max age) were
  /// fetched at `time`. A field written again without a max age keeps the one it had.
  mutating func note(_ written: [(record: RecordID, field: String, maxAge: Double?)], at time: Double) {
    var commit: Int?
    func index() -> Int {
      if let commit { return commit }
      if commitTimes.last != time { commitTimes.append(time) }
      let made = commitTimes.count - 1
      commit = made
      return made
    }
    for (record, field, maxAge) in written {
      if let maxAge {
        fields[record, default: [:]][field] = Entry(commit: index(), maxAge: maxAge)
      } else if fields[record]?[field] != nil {
        fields[record]?[field]?.commit = index()
      }
    }
    // Times no field points at any more are dropped now and then (at 1024, 2048, ...
    // times), so a store that is never saved does not keep one per fetch for ever.
    let count = commitTimes.count
    if count >= 1024 && count & (count - 1) == 0 { compact() }
  }

  /// Keeps the entries of records `source` still holds, and only the commit times they use.
  mutating func keepOnly(_ source: RecordSource) {
    fields = fields.filter { source.contains($0.key) }
    compact()
  }

  /// Forgets every entry.
  mutating func removeAll() {
    self = FieldAges()
  }

  /// Keeps only the commit times some entry points at, renumbered.
  mutating func compact() {
    var used = Set<Int>()
    for entries in fields.values { for entry in entries.values { used.insert(entry.commit) } }
    guard used.count < commitTimes.count else { return }
    let kept = used.sorted()
    var renumbered: [Int: Int] = [:]
    for (new, old) in kept.enumerated() { renumbered[old] = new }
    commitTimes = kept.map { commitTimes[$0] }
    fields = fields.mapValues { entries in
      entries.mapValues { Entry(commit: renumbered[$0.commit] ?? 0, maxAge: $0.maxAge) }
    }
  }
}
