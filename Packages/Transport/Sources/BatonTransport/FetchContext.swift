import Foundation

/// What the environment tells the chain's parts about the fetch they send for: its clock,
/// and where a part reports that it waits to retry. Carried by the task, so a `Transport`'s
/// signature stays one request in, one body out; a part called outside an environment
/// (a test of a transport alone) finds the system clock and nobody listening.
package struct FetchContext: Sendable {
  /// The clock parts wait on: the environment's, so a test's manual clock moves retries.
  package var clock: any StoreClock
  /// Told when a try failed and the next one, numbered `attempt`, waits until `next`;
  /// `nil` when the wait is over and the try goes.
  package var retrying: @Sendable (_ wait: (attempt: Int, next: Date)?) -> Void

  package init(clock: any StoreClock, retrying: @escaping @Sendable (_ wait: (attempt: Int, next: Date)?) -> Void) {
    self.clock = clock
    self.retrying = retrying
  }

  @TaskLocal package static var current = FetchContext(clock: SystemClock(), retrying: { _ in })
}
