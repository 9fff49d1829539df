import BatonStore
import Foundation

/// Collects the runtime issues a `RuntimeIssues.withHandler` scope raised, from any task.
public final class IssueLog: @unchecked Sendable {  // `collected` is only touched under `lock`.
  private let lock = NSLock()
  private var collected: [RuntimeIssue] = []

  public init() {}

  /// Every issue raised so far, oldest first.
  public var issues: [RuntimeIssue] { lock.withLock { collected } }
  /// Their messages.
  public var messages: [String] { issues.map(\.message) }

  /// The handler to install: appends each issue.
  public var handler: RuntimeIssues.Handler {
    { issue in self.lock.withLock { self.collected.append(issue) } }
  }
}
