import BatonNormalizer

/// One request as a transport sends it: the GraphQL-over-HTTP request parameters.
public struct GraphQLRequest: Sendable, Hashable {
  /// The document text.
  public var query: String
  /// The operation to run; `nil` for a document with one operation.
  public var operationName: String?
  /// The variables; sent only when there are some.
  public var variables: [String: JSONValue]
  /// Protocol extensions (persisted queries, tracing); sent only when set.
  public var extensions: JSONValue?
  /// The graphql-spec RFC's `onError`; `nil` leaves it to the server (PROPAGATE).
  public var onError: OnErrorMode?
  /// The operation's stable id, for transports that send persisted queries.
  public var operationID: String

  /// A request as a transport sends it.
  public init(
    query: String, operationName: String?, variables: [String: JSONValue] = [:], extensions: JSONValue? = nil,
    onError: OnErrorMode? = nil, operationID: String = ""
  ) {
    self.query = query
    self.operationName = operationName
    self.variables = variables
    self.extensions = extensions
    self.onError = onError
    self.operationID = operationID
  }

  /// The request for an operation instance.
  init<O: GraphQLOperation>(_ operation: O) {
    let metadata = O.operation
    self.init(
      query: O.document, operationName: metadata.name.isEmpty ? nil : metadata.name, variables: operation.variables,
      onError: metadata.onError, operationID: O.operationID)
  }

  /// The JSON body of a POST: `query`, `operationName`, `variables`, `extensions`, `onError`.
  public var body: JSONValue {
    var members = [JSONMember("query", .string(query))]
    if let operationName { members.append(JSONMember("operationName", .string(operationName))) }
    if !variables.isEmpty {
      members.append(JSONMember("variables", .object(variables.sorted { $0.key < $1.key }.map { JSONMember($0.key, $0.value) })))
    }
    if let extensions { members.append(JSONMember("extensions", extensions)) }
    if let onError { members.append(JSONMember("onError", .string(onError.requestValue))) }
    return .object(members)
  }
}

extension OnErrorMode {
  /// The value the request's `onError` parameter takes.
  var requestValue: String {
    switch self {
    case .null: "NULL"
    case .propagate: "PROPAGATE"
    case .halt: "HALT"
    }
  }
}
