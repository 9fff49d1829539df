/// A GraphQL error as stored beside the field where its null landed.
///
/// `path` is relative to that field: empty when the error is the field's own, otherwise
/// the list indices and field storage keys below it (an error on `author.login` stored on
/// `author` because `login` is non-null has the path `["login"]`).
public struct FieldError: Sendable, Hashable, CustomStringConvertible {
  public var message: String
  public var path: [PathComponent]
  public var extensions: JSONValue?

  public init(message: String, path: [PathComponent] = [], extensions: JSONValue? = nil) {
    self.message = message
    self.path = path
    self.extensions = extensions
  }

  public var description: String {
    path.isEmpty ? message : "\(message) (at \(path.pathDescription))"
  }
}
