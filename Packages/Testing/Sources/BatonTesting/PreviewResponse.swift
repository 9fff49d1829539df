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

  /// The response generated data stands for, so a preview shows typed data made by the
  /// generated initializers, field errors (`withFieldError`) included:
  /// `.ready(PreviewResponse(Query.Data(character: .init(id: "1", name: "Rick"))))`.
  public init(_ data: some GraphQLData) {
    let response = data.__response
    self.init(data: response.data, errors: response.errors)
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
  var body: JSONValue { DataResponse(data, errors: errors).body }
}
