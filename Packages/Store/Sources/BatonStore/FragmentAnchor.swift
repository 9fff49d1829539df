import BatonNormalizer

/// Where a fragment read through a spread pages from (Relay's `usePaginationFragment` with a
/// parent's reference): the record the spread referenced, the fragment's `@connection`
/// below it, and the variables its `@refetchable` query sends to fetch a page of it.
struct FragmentAnchor: Sendable {
  let fragment: Fragment
  /// The record the fragment was read at and the variables it was read under.
  let reference: FragmentReference
  /// The connection, from the fragment's record; its variables are the fragment's own
  /// (its argument definitions), which the refetch query declares under the same names.
  let location: ConnectionLocation
  /// The refetch query's variables for this fragment: the ones it was read under, and the
  /// key the query reaches the record by (`node(id: $id)`, or a root field taking the key).
  let variables: [String: JSONValue]

  /// `nil` when `query` does not spread the referenced fragment, the fragment has no
  /// `@connection`, or the record's key the query needs is not in `source`.
  init?(_ reference: FragmentReference, query: OperationDescriptor, in source: RecordSource) {
    guard let (field, spread) = Self.spread(of: reference.fragment, in: query.selections, under: nil),
      let location = ConnectionLocation(spread.fragment.selections)
    else { return nil }
    var variables = reference.variables
    for argument in field?.arguments ?? [] {
      guard case .variable(let name) = argument.value else { continue }
      // The record's own value of the key field the argument is named for.
      guard case .scalar(let key)? = source[reference.record]?[argument.name]?.value else { return nil }
      variables[name] = key
    }
    self.fragment = spread.fragment
    self.reference = reference
    self.location = location
    self.variables = variables
  }

  /// The spread of the fragment named `name` and the root field it is under (`nil` for a
  /// spread at the root): a refetch query selects `...F`, `node(id: $id) { ...F }` or
  /// `field(key: $key) { ...F }`.
  static func spread(
    of name: String, in selections: [Selection], under field: FieldSelection?
  ) -> (FieldSelection?, FragmentSpread)? {
    for selection in selections {
      switch selection {
      case .fragmentSpread(let spread) where spread.fragment.name == name:
        return (field, spread)
      case .fragmentSpread:
        continue
      case .inlineFragment(let inline):
        if let found = spread(of: name, in: inline.selections, under: field) { return found }
      case .field(let child) where field == nil:
        if let found = spread(of: name, in: child.selections, under: child) { return found }
      case .field:
        continue
      }
    }
    return nil
  }

  /// The connection record's id, once a page is stored.
  func connectionID(in source: RecordSource) -> RecordID? {
    location.connectionID(in: source, variables: reference.variables, from: reference.record)
  }

  /// The connection's page info as the store holds it.
  func pageInfo(in source: RecordSource) -> ConnectionPageInfo {
    location.pageInfo(in: source, variables: reference.variables, from: reference.record)
  }
}
