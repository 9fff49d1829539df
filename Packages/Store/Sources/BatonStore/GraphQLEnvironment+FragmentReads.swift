import BatonNormalizer
import BatonTransport

extension GraphQLEnvironment {
  /// Watches a fragment at a record, with no parent that spreads it (Relay's
  /// `observeFragment`): a widget, a notification or a cell that has an id and nothing else.
  ///
  /// The handle is an operation's handle over the fragment's spread read at `id`, so its
  /// phase, field errors, staleness and notification are an operation's: any write to a
  /// record the fragment read (a query's reply, a mutation, `commit`) reaches it. A fragment
  /// with no refetch query never fetches: while the store lacks any of its data the handle
  /// fails with `.notInStore` naming what is missing, rather than show made-up values, and
  /// turns ready when a write brings the data. The miss is logged, marks the handle stale
  /// and raises a runtime issue in a debug build, as an operation's does.
  public func watch<Fragment: GraphQLFragment>(
    fragment: Fragment.Type, id: RecordID
  ) -> OperationHandle<FragmentRequest<Fragment>> {
    let reader = fragmentReader(Fragment.self, id: id)
    return watch(
      FragmentRequest<Fragment>(id: id), policy: .storeOnly, reader: reader,
      fetch: WatchFetch(request: nil, reader: reader, staleAfter: nil))
  }

  /// Watches a `@refetchable` fragment at a record (see `watch(fragment:id:)`): when the
  /// store lacks any of its data, the handle fetches it with the fragment's refetch query
  /// (`node(id:)` or the type's fetch field, with the record's key), and heals through that
  /// query as an operation does. A record not in the store, whose key is then unknown,
  /// cannot be fetched: the handle waits for a write, as a fragment without a refetch query does.
  public func watch<Fragment: RefetchableFragment>(
    fragment: Fragment.Type, id: RecordID
  ) -> OperationHandle<FragmentRequest<Fragment>> {
    let reader = fragmentReader(Fragment.self, id: id)
    guard let variables = refetchVariables(Fragment.self, id: id) else {
      return watch(
        FragmentRequest<Fragment>(id: id), policy: .storeOnly, reader: reader,
        fetch: WatchFetch(request: nil, reader: reader, staleAfter: nil))
    }
    let query = Fragment.RefetchQuery.self
    return watch(
      FragmentRequest<Fragment>(id: id), policy: .storeOrNetwork, reader: reader,
      fetch: WatchFetch(
        request: GraphQLRequest(query, variables: variables),
        reader: OperationRead(operation: query.operation, variables: variables), staleAfter: query.staleAfter))
  }

  /// Reads a fragment at a record once, from the store as it is now (Relay's
  /// `readFragment`, Apollo's `readFragment(id)`); the same data a handle from
  /// `watch(fragment:id:)` shows.
  ///
  /// - Returns: `nil` when the record is not in the store, is not of a type the fragment
  ///   is on, or lacks any field the fragment reads: missing data is not made up.
  public func read<Fragment: GraphQLFragment>(fragment: Fragment.Type, id: RecordID) -> Fragment? {
    let source = visibleRecords
    let result = fragmentReader(Fragment.self, id: id).read(source).result
    guard !result.isMissingData, let root = result.data else { return nil }
    return try? FragmentRequest<Fragment>.makeData(root, in: source)
  }

  private func fragmentReader<Fragment: GraphQLFragment>(_ type: Fragment.Type, id: RecordID) -> OperationRead {
    OperationRead(operation: FragmentRequest<Fragment>.operation, variables: [:], root: id)
  }

  /// The refetch query's variables for the record: the defaults of the fragment's own
  /// arguments, and the key its root field takes, from the record's own key field (`id`
  /// for `node(id:)`); `nil` when the record or its key is not in the store.
  private func refetchVariables<Fragment: RefetchableFragment>(
    _ type: Fragment.Type, id: RecordID
  ) -> [String: JSONValue]? {
    let fragment = Fragment.fragment
    guard let (field, _) = FragmentAnchor.spread(
      of: fragment.name, in: Fragment.RefetchQuery.operation.selections, under: nil)
    else { return nil }
    var variables: [String: JSONValue] = [:]
    for definition in fragment.argumentDefinitions {
      if let value = definition.defaultValue { variables[definition.name] = value }
    }
    let record = visibleRecords[id]
    for argument in field?.arguments ?? [] {
      guard case .variable(let name) = argument.value else { continue }
      guard case .scalar(let key)? = record?[argument.name]?.value else { return nil }
      variables[name] = key
    }
    return variables
  }
}
