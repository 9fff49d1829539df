import Foundation

/// Downloads a server's introspection result for `baton schema --endpoint`: POSTs
/// `IntrospectionQuery.full` and, when the server's introspection schema lacks a field it
/// asks for (a validation error), `IntrospectionQuery.basic`; returns the result's
/// `__schema` object or why there is none.
struct IntrospectionDownload {
  let url: URL
  let headers: [(name: String, value: String)]
  var timeout: TimeInterval = 30

  func schema() -> Result<Any, SchemaDownloadError> {
    let first = fetch(IntrospectionQuery.full)
    if case .failure(let failure) = first, Self.isUnknownField(failure) {
      return fetch(IntrospectionQuery.basic)
    }
    return first
  }

  /// Whether the server refused the query as asking for a field or argument its
  /// introspection schema lacks (a validation error, which GraphQL over HTTP may answer 400).
  private static func isUnknownField(_ failure: SchemaDownloadError) -> Bool {
    let text: String
    switch failure {
    case .introspectionRefused(_, let messages): text = messages.joined(separator: "\n")
    case .status(_, 400, let body): text = body
    default: return false
    }
    return text.contains("Cannot query field") || text.contains("Unknown argument")
  }

  private func fetch(_ query: String) -> Result<Any, SchemaDownloadError> {
    let request: [String: Any] = ["query": query, "operationName": "IntrospectionQuery"]
    guard let body = try? JSONSerialization.data(withJSONObject: request) else {
      return .failure(.unreachable(url: url.absoluteString, reason: "the request could not be encoded."))
    }
    switch BlockingHTTP.post([UInt8](body), to: url, headers: headers, timeout: timeout) {
    case .failure(let error):
      return .failure(.unreachable(url: url.absoluteString, reason: error.localizedDescription))
    case .success(let reply):
      return Self.schema(in: reply, from: url.absoluteString)
    }
  }

  /// The `__schema` of a reply. A non-2xx reply is a failed status whatever its body, which
  /// the message quotes: a GraphQL response's error messages, else its start.
  static func schema(in reply: BlockingHTTP.Reply, from url: String) -> Result<Any, SchemaDownloadError> {
    let ok = (200..<300).contains(reply.status)
    guard let json = try? JSONSerialization.jsonObject(with: Data(reply.body), options: [.fragmentsAllowed]) else {
      return .failure(
        ok ? .notJSON(url: url, body: SchemaDownloadError.excerpt(reply.body))
          : .status(url: url, code: reply.status, body: SchemaDownloadError.excerpt(reply.body)))
    }
    guard let response = json as? [String: Any], response["data"] != nil || response["errors"] != nil else {
      return .failure(ok ? .notGraphQL(url: url) : .status(url: url, code: reply.status, body: SchemaDownloadError.excerpt(reply.body)))
    }
    if let data = response["data"] as? [String: Any], let schema = data["__schema"] as? [String: Any] {
      return .success(schema)
    }
    let messages = (response["errors"] as? [Any] ?? []).compactMap { ($0 as? [String: Any])?["message"] as? String }
    if !ok {
      let body = messages.isEmpty ? SchemaDownloadError.excerpt(reply.body) : SchemaDownloadError.summary(messages)
      return .failure(.status(url: url, code: reply.status, body: body))
    }
    return .failure(.introspectionRefused(url: url, messages: messages))
  }
}
