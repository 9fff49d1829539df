/// A connection's `pageInfo` as a builder takes it where the document did not select it
/// (the compiler adds it to every `@connection` field, for paging): with it, built data
/// committed to the store is a page the connection can continue from.
public struct BuiltPageInfo: Sendable, Hashable {
  public var hasNextPage: Bool
  public var hasPreviousPage: Bool
  public var startCursor: String?
  public var endCursor: String?

  /// The four fields paging reads; the cursors are `nil` where the server gave none.
  public init(hasNextPage: Bool, hasPreviousPage: Bool = false, startCursor: String? = nil, endCursor: String? = nil) {
    self.hasNextPage = hasNextPage
    self.hasPreviousPage = hasPreviousPage
    self.startCursor = startCursor
    self.endCursor = endCursor
  }

  /// The response's `pageInfo` object, of the schema's type `typename`.
  public func response(typename: String) -> DataResponse {
    DataResponse(.object([
      JSONMember("__typename", .string(typename)),
      JSONMember("endCursor", endCursor.map(JSONValue.string) ?? .null),
      JSONMember("hasNextPage", .bool(hasNextPage)),
      JSONMember("hasPreviousPage", .bool(hasPreviousPage)),
      JSONMember("startCursor", startCursor.map(JSONValue.string) ?? .null),
    ]))
  }
}
