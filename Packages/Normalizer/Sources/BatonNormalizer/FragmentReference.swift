/// What a parent reads for a fragment spread (data masking): which fragment, on which
/// record, under which request. Reading the fragment with `read(_:fragment:at:)` gives its fields.
public struct FragmentReference: Sendable, Hashable {
  /// What the references one spread gives in one read have in common: kept once and
  /// shared, a reference is two words and read data holds it inline, where a reference
  /// holding all of it took a box of its own per spread read (one more allocation to make
  /// and free for every author of every comment).
  final class Scope: Sendable, Hashable {
    let fragment: String
    let owner: ReadOwner
    let variables: [String: JSONValue]
    let onError: OnErrorMode
    /// Hashed once: references are looked up by scope at every spread a read meets, and
    /// the variables would be hashed each time.
    let hash: Int

    init(fragment: String, owner: ReadOwner, variables: [String: JSONValue], onError: OnErrorMode) {
      self.fragment = fragment
      self.owner = owner
      self.variables = variables
      self.onError = onError
      var hasher = Hasher()
      hasher.combine(fragment)
      hasher.combine(owner)
      hasher.combine(variables)
      hasher.combine(onError)
      hash = hasher.finalize()
    }

    /// The scope of `spread`'s references in a read by `owner` under `variables`: the
    /// spread's arguments applied to them.
    convenience init(_ spread: FragmentSpread, owner: ReadOwner, variables: [String: JSONValue], onError: OnErrorMode) {
      self.init(fragment: spread.fragment.name, owner: owner, variables: spread.variables(variables), onError: onError)
    }

    static func == (lhs: Scope, rhs: Scope) -> Bool {
      lhs === rhs
        || lhs.hash == rhs.hash && lhs.fragment == rhs.fragment && lhs.owner == rhs.owner && lhs.onError == rhs.onError
          && lhs.variables == rhs.variables
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(hash)
    }
  }

  let scope: Scope
  /// The record the spread was read at, which the fragment reads.
  public let record: RecordID

  /// The fragment's name.
  public var fragment: String { scope.fragment }
  /// The operation the reference was read under, whose variables and `onError` apply.
  public var owner: ReadOwner { scope.owner }
  /// The variables the fragment's selections see (the spread's `@arguments` applied).
  public var variables: [String: JSONValue] { scope.variables }
  /// How the read that made the reference handles field errors.
  public var onError: OnErrorMode { scope.onError }

  init(scope: Scope, record: RecordID) {
    self.scope = scope
    self.record = record
  }

  /// Feeds the scope's and the record's hashes, each made once.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(scope.hash)
    hasher.combine(record)
  }

  /// The hash a set or a dictionary seeded with `seed` files this reference under, from
  /// the two hashes made once (see `HashMixing`).
  public func _rawHashValue(seed: Int) -> Int {
    HashMixing.mix(scope.hash &* 31 &+ record.storage.hash, seed: seed)
  }
}

extension [FragmentReference.Scope] {
  /// The scope among these that every reference of `spread` shares, when its fragment takes
  /// no arguments: such a fragment sees the read's own variables, so its name alone decides
  /// the scope.
  func shared(by spread: FragmentSpread) -> FragmentReference.Scope? {
    guard spread.fragment.argumentDefinitions.isEmpty else { return nil }
    return first { $0.fragment == spread.fragment.name }
  }
}
