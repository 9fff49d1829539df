/// Why the test server could not be started or controlled.
public struct TestServerError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}
