/// What the environment passes a transport along with each request: passed, not carried
/// by the task, so a transport called outside an environment (a test, a tool) says what
/// it waits on.
public struct TransportContext: Sendable {
  /// The clock a part waits on: the environment's, so a test's manual clock moves retries.
  public var clock: any StoreClock

  /// A context whose parts wait on `clock` (by default the system's).
  public init(clock: any StoreClock = SystemClock()) {
    self.clock = clock
  }
}
