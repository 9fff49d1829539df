/// Where `HTTPTransport` leaves the status of the reply it read, for a part in front of it
/// that must know it although the body went on as a GraphQL response: `AuthPart` refreshes
/// on a 401 whose body is a JSON error response, which `GraphQLOverHTTP.responseBody`
/// rightly passes on. Carried by the task; nobody listening costs nothing.
import BatonNormalizer

enum HTTPStatusReport {
  @TaskLocal static var sink: Locked<Int?>?

  /// Runs `body` and returns what it returned with the last status an `HTTPTransport`
  /// inside it read (`nil` for another transport).
  static func observing<Result: Sendable>(
    _ body: () async throws -> Result
  ) async throws -> (result: Result, status: Int?) {
    let seen = Locked<Int?>(nil)
    let result = try await $sink.withValue(seen) { try await body() }
    return (result, seen.withLock { $0 })
  }
}
