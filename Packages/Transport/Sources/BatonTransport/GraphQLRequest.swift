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
  /// The operation's stable id, for transports that send persisted queries: for generated
  /// operations the SHA-256 of `query`, hex, which is also its id in the persisted manifest.
  public var operationID: String
  /// Query, mutation or subscription: a retry, a GET and a cache decide by it.
  public var kind: OperationDescriptor.Kind
  /// Headers the request's own parts add (a token from `AuthPart`); `HTTPTransport` sends
  /// them, like its own, only to the endpoint's origin. They live for one send: the store
  /// never keeps them, so they reach neither the image nor the log.
  public var headers: [String: String]
  /// Whether a selection of the operation is under `@defer` or `@stream`, so that the
  /// response may come in parts: `HTTPTransport` then asks for a `multipart/mixed` reply.
  public var usesIncrementalDelivery: Bool
  /// The files a mutation sends, by the path of the variable each one fills
  /// (`variables.file`, `variables.files.0`), whose value in `variables` is `null`:
  /// `HTTPTransport` then sends a GraphQL multipart request (see `GraphQLUpload`).
  public var uploads: [String: GraphQLUpload]

  /// A request as a transport sends it.
  public init(
    query: String, operationName: String?, variables: [String: JSONValue] = [:], extensions: JSONValue? = nil,
    onError: OnErrorMode? = nil, operationID: String = "", kind: OperationDescriptor.Kind = .query,
    headers: [String: String] = [:], usesIncrementalDelivery: Bool = false, uploads: [String: GraphQLUpload] = [:]
  ) {
    self.query = query
    self.operationName = operationName
    self.variables = variables
    self.extensions = extensions
    self.onError = onError
    self.operationID = operationID
    self.kind = kind
    self.headers = headers
    self.usesIncrementalDelivery = usesIncrementalDelivery
    self.uploads = uploads
  }

  /// The JSON body of a POST: `query`, `operationName`, `variables`, `extensions`, `onError`.
  /// An empty `query` is left out: a persisted query names its document by
  /// `extensions.persistedQuery` alone.
  public var body: JSONValue {
    var members: [JSONMember] = []
    if !query.isEmpty { members.append(JSONMember("query", .string(query))) }
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
