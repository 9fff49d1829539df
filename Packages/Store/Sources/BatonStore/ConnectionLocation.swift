import BatonNormalizer

/// Where an operation's `@connection` field is and which of the operation's variables page
/// through it: the fields from the root to the connection, and the variables its `first`,
/// `after`, `last` and `before` arguments take.
struct ConnectionLocation: Sendable {
  /// The fields from the root, the connection field last.
  let path: [FieldSelection]
  /// Pagination argument name (`first`, `after`, `last`, `before`) to the variable it takes.
  let variables: [String: String]

  /// The first `@connection` field of `selections`, depth first through fields; `nil` when
  /// there is none.
  init?(_ selections: [Selection]) {
    guard let path = Self.path(to: selections) else { return nil }
    self.path = path
    var variables: [String: String] = [:]
    for argument in path.last?.arguments ?? [] where ConnectionMetadata.paginationArguments.contains(argument.name) {
      if case .variable(let name) = argument.value { variables[argument.name] = name }
    }
    self.variables = variables
  }

  private static func path(to selections: [Selection]) -> [FieldSelection]? {
    for case .field(let field) in selections {
      if field.connection != nil { return [field] }
      if let below = path(to: field.selections) { return [field] + below }
    }
    return nil
  }

  /// The connection record's id for a request's `variables`, once a page is stored.
  func connectionID(in source: RecordSource, variables: [String: JSONValue]) -> RecordID? {
    var id = RecordID.root
    for field in path {
      guard case .link(let next)? = source[id]?[field.readStorageKey(variables)]?.value else { return nil }
      id = next
    }
    return id
  }

  /// The connection's page info as the store holds it for a request's `variables`.
  func pageInfo(in source: RecordSource, variables: [String: JSONValue]) -> ConnectionPageInfo {
    guard let id = connectionID(in: source, variables: variables),
      case .link(let pageInfoID)? = source[id]?["pageInfo"]?.value, let record = source[pageInfoID] else {
      return .unknown
    }
    func flag(_ key: String) -> Bool {
      if case .scalar(.bool(let value))? = record[key]?.value { return value }
      return false
    }
    func cursor(_ key: String) -> String? {
      if case .scalar(.string(let value))? = record[key]?.value { return value }
      return nil
    }
    return ConnectionPageInfo(
      hasNextPage: flag("hasNextPage"), hasPreviousPage: flag("hasPreviousPage"), startCursor: cursor("startCursor"),
      endCursor: cursor("endCursor"))
  }
}

/// A connection's `pageInfo` as the store merged it.
struct ConnectionPageInfo: Sendable, Equatable {
  static let unknown = ConnectionPageInfo(hasNextPage: false, hasPreviousPage: false, startCursor: nil, endCursor: nil)

  var hasNextPage: Bool
  var hasPreviousPage: Bool
  var startCursor: String?
  var endCursor: String?
}
