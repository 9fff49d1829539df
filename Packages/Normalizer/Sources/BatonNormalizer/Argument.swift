/// One argument of a field as the operation wrote it.
public struct Argument: Sendable, Hashable {
  public var name: String
  public var value: ArgumentValue

  public init(_ name: String, _ value: ArgumentValue) {
    self.name = name
    self.value = value
  }
}
