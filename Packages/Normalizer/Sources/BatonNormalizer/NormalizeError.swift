/// Why a response could not be normalized: the fetch fails as *malformed* and nothing is
/// written.
public struct NormalizeError: Error, Sendable, Hashable, CustomStringConvertible {
  public enum Kind: Sendable, Hashable {
    /// The body is not JSON.
    case invalidJSON(JSONReaderError)
    /// The body is JSON but not a GraphQL response (`data` a string, no `data` nor `errors`, ...).
    case notAGraphQLResponse(String)
    /// The selection asks for a field the response does not have.
    case omittedField(String)
    /// A value of a shape the selection cannot hold: a scalar or list where an object is
    /// selected, an object where a scalar is.
    case unexpectedShape(expected: String, found: String)
    /// Objects nest deeper than `NestingLimit.objects`.
    case nestedTooDeeply(limit: Int)
    /// A value the store would keep (a custom scalar, an error's extensions) nests arrays
    /// and objects deeper than `JSONReader.defaultDepthLimit`.
    case valueNestedTooDeeply(limit: Int)
  }

  public var kind: Kind
  /// The response path of the offending value, from the top of the body (`data.repository...`).
  public var path: [PathComponent]
  /// Collected innermost first while the normalizer unwinds.
  var reversedPath: [PathComponent] = []

  init(_ kind: Kind, path: [PathComponent] = []) {
    self.kind = kind
    self.path = path
  }

  mutating func prepend(_ component: PathComponent) {
    reversedPath.append(component)
  }

  func prepending(_ component: PathComponent) -> NormalizeError {
    var error = self
    error.reversedPath.append(component)
    return error
  }

  /// The path with the components gathered while unwinding put in front.
  func finished() -> NormalizeError {
    var error = self
    error.path = reversedPath.reversed() + path
    error.reversedPath = []
    return error
  }

  public var description: String {
    switch kind {
    case .invalidJSON(let error): "Malformed response: \(error)"
    case .notAGraphQLResponse(let reason): "Malformed response at \(path.abbreviatedPathDescription): \(reason)."
    case .omittedField(let key):
      "Malformed response at \(path.abbreviatedPathDescription): the response omits the field \"\(key)\" the selection asks for."
    case .unexpectedShape(let expected, let found):
      "Malformed response at \(path.abbreviatedPathDescription): expected \(expected), found \(found)."
    case .nestedTooDeeply(let limit):
      "Malformed response at \(path.abbreviatedPathDescription): objects nest deeper than \(limit) levels, "
        + "the most Baton normalizes."
    case .valueNestedTooDeeply(let limit):
      "Malformed response at \(path.abbreviatedPathDescription): a value nests arrays and objects deeper than \(limit) "
        + "levels, the most Baton stores."
    }
  }
}
