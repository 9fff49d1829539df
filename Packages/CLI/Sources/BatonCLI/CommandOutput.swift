/// What a command printed, kept so that tests can read it and `main` can write it.
public struct CommandOutput: Sendable {
  public var standardOutput = ""
  public var standardError = ""

  public init() {}
}
