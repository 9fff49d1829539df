/// Why a test stopped waiting: what it waited for, for how long, and what it last saw.
public struct TimedOut: Error, CustomStringConvertible {
  /// What was awaited and what was seen instead.
  public var description: String

  /// A time-out described by `description`.
  public init(description: String) {
    self.description = description
  }
}
