import BatonNormalizer
import BatonStore
import BatonTransport

/// What a `ScriptedTransport` answers one request with.
public indirect enum ScriptedReply: Sendable {
  /// A GraphQL response: `data` and, when there are some, `errors` (each an error object
  /// as a server sends it: `message`, `path`, `extensions`).
  case data(JSONValue, errors: [JSONValue] = [])
  /// A whole response body, as JSON: for responses `data(_:errors:)` cannot say
  /// (`data: null`, `extensions`, a body that is not a GraphQL response).
  case response(JSONValue)
  /// The body's bytes as they are, for bodies that are not JSON (`<html>`, truncated text).
  case body([UInt8])
  /// An HTTP status with no GraphQL response: the fetch fails with `.http(status:)`.
  case httpStatus(Int)
  /// No response at all (connection refused, dropped): the fetch fails with `.transport`.
  case transportError(String)
  /// A response that cannot be a GraphQL response (media type, size): `.malformed`.
  case malformed(String)
  /// No answer until the request is cancelled: a fetch that stays in flight.
  case never
  /// `reply`, once the transport's clock has moved on by `delay`.
  case delayed(Duration, ScriptedReply)
  /// Runs `answer` with the request and replies what it returns: for replies that depend
  /// on what was sent.
  case computed(@Sendable (GraphQLRequest) -> ScriptedReply)
}
