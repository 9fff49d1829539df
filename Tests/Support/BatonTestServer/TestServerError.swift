/// Why the test server could not be started or controlled.
public struct TestServerError: Error, Sendable, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
