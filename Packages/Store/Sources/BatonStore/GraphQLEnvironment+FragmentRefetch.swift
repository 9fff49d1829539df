import BatonNormalizer

extension GraphQLEnvironment {
  /// Fetches a `@refetchable` fragment at a record again through its refetch query, and
  /// nothing else: a fragment a snapshot's `staleFragments` names refreshes without its
  /// operation, whose other fields stay as fetched. Returns when the fetch settles (and
  /// what it wrote is handed to persistence); a record whose key the store lacks is not
  /// fetched, as `watch(fragment:id:)` does not fetch it.
  public func refetch<Fragment: RefetchableFragment>(fragment: Fragment.Type, id: RecordID) async {
    await watch(fragment: Fragment.self, id: id).refetch()
  }
}
