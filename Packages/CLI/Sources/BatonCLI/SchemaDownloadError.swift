/// Why `baton schema --endpoint` got no schema from a server, as the user reads it.
enum SchemaDownloadError: Error, CustomStringConvertible {
  /// The request never got an HTTP reply: no connection, a timeout, a TLS failure.
  case unreachable(url: String, reason: String)
  /// An HTTP status other than 2xx, with the start of the body.
  case status(url: String, code: Int, body: String)
  /// A body that is not JSON.
  case notJSON(url: String, body: String)
  /// JSON that is not a GraphQL response: neither `data` nor `errors`.
  case notGraphQL(url: String)
  /// A GraphQL response without `__schema`: the server refused introspection.
  case introspectionRefused(url: String, messages: [String])

  var description: String {
    switch self {
    case .unreachable(let url, let reason):
      "Could not reach \(url): \(reason)"
    case .status(let url, let code, let body):
      "\(url) answered HTTP \(code)" + (body.isEmpty ? "." : ": \(body)")
    case .notJSON(let url, let body):
      "\(url) did not answer JSON" + (body.isEmpty ? " (the body is empty)." : ": \(body)")
    case .notGraphQL(let url):
      "\(url) answered JSON that is not a GraphQL response (it has neither \"data\" nor \"errors\")."
    case .introspectionRefused(let url, let messages):
      "\(url) answered the introspection query without a schema"
        + (messages.isEmpty ? "" : ": " + Self.summary(messages).dropping(suffix: "."))
        + ". Is introspection disabled on this server?"
    }
  }

  /// A response's error messages for a message: the first, and how many more there are (a
  /// server that refuses introspection may give one error per introspection field).
  static func summary(_ messages: [String]) -> String {
    guard let first = messages.first else { return "" }
    return messages.count == 1 ? first : first.dropping(suffix: ".") + " (and \(messages.count - 1) more errors)"
  }

  /// The start of a body for a message: its first 200 characters, on one line.
  static func excerpt(_ body: [UInt8]) -> String {
    let text = String(decoding: body.prefix(800), as: UTF8.self)
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    return text.count > 200 ? String(text.prefix(200)) + "…" : text
  }
}

extension String {
  fileprivate func dropping(suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
