import BatonNormalizer

/// A response an operation could have had, for a preview: its `data` and the errors
/// beside it. The data is what the server would send, `__typename` and key fields included
/// (the generated `document` shows what the compiler added).
public struct PreviewResponse: Sendable, Hashable {
  /// The response's `data`: an object shaped like the operation's selections.
  public var data: JSONValue
  /// The response's `errors`; an error with a `path` lands on that field, as a server's
  /// would.
  public var errors: [FieldError]

  /// A response with `data` and `errors`.
  public init(data: JSONValue, errors: [FieldError] = []) {
    self.data = data
    self.errors = errors
  }

  /// This response with one more error, on the field at `path`: response keys from the
  /// root, and list indices as digits (a GraphQL name never starts with one), as in
  /// `.fieldError("Not authorized", at: "characters", "0", "name")`.
  public func fieldError(_ message: String, at path: String...) -> PreviewResponse {
    var response = self
    let components = path.map { key in Int(key).map(PathComponent.index) ?? .key(key) }
    response.errors.append(FieldError(message: message, path: components))
    return response
  }

  /// The body a server would send.
  var body: JSONValue {
    var members = [JSONMember("data", data)]
    if !errors.isEmpty {
      members.append(JSONMember("errors", .array(errors.map(Self.errorObject))))
    }
    return .object(members)
  }

  private static func errorObject(_ error: FieldError) -> JSONValue {
    var members = [JSONMember("message", .string(error.message))]
    if !error.path.isEmpty {
      members.append(JSONMember("path", .array(error.path.map { component in
        switch component {
        case .key(let key): .string(key)
        case .index(let index): .number(String(index))
        }
      })))
    }
    if let extensions = error.extensions { members.append(JSONMember("extensions", extensions)) }
    return .object(members)
  }
}
