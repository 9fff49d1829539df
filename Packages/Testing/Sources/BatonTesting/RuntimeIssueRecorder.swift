import BatonNormalizer
import BatonStore

/// Collects the runtime issues raised inside a `RuntimeIssues.withHandler` scope, from any
/// task the scope starts (an environment's fetches among them).
///
/// ```swift
/// let issues = RuntimeIssueRecorder()
/// try await RuntimeIssues.withHandler(issues.handler) {
///   try await handle.settled()
/// }
/// #expect(issues.messages.isEmpty)
/// ```
public final class RuntimeIssueRecorder: Sendable {
  private let collected = Locked<[RuntimeIssue]>([])

  /// A recorder that has seen nothing yet.
  public init() {}

  /// Every issue raised so far, oldest first.
  public var issues: [RuntimeIssue] { collected.withLock { $0 } }
  /// Their messages.
  public var messages: [String] { issues.map(\.message) }

  /// The handler to install with `RuntimeIssues.withHandler`: appends each issue.
  public var handler: RuntimeIssues.Handler {
    { issue in self.collected.withLock { $0.append(issue) } }
  }
}
