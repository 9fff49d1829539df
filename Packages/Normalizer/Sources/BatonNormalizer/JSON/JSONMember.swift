/// One `"key": value` pair of a JSON object, in the order the text gave it.
public struct JSONMember: Sendable, Hashable {
  public var key: String
  public var value: JSONValue

  public init(_ key: String, _ value: JSONValue) {
    self.key = key
    self.value = value
  }
}
