/// What `@connection(key:, filters:)` on a field tells the store: the pages that field
/// fetches merge into one connection record per parent, key and filter values.
///
/// Generated code writes it on the connection's `FieldSelection`. `filters` are the
/// names of the field's arguments that tell one connection from another: those the
/// directive lists, else (as in Relay) every argument but the pagination ones.
public struct ConnectionMetadata: Sendable, Hashable {
  /// The arguments that choose a page rather than a list: Relay's `first`, `after`,
  /// `last` and `before`.
  public static let paginationArguments: Set<String> = ["first", "after", "last", "before"]

  public let key: String
  public let filters: [String]

  public init(key: String, filters: [String]) {
    self.key = key
    self.filters = filters
  }

  /// The storage key of the connection on its parent record for `field` and `variables`:
  /// `__<key>_connection` with the filter arguments' values, as Relay names it.
  func storageKey(for field: FieldSelection, variables: [String: JSONValue]) -> String {
    let filtering = field.arguments.filter { filters.contains($0.name) }
    return StorageKey.make(name: "__\(key)_connection", arguments: filtering, variables: variables)
  }
}
