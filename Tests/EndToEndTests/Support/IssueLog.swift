import Baton
import Foundation

/// Collects the runtime issues a `RuntimeIssues.withHandler` scope raised, from any task.
final class IssueLog: @unchecked Sendable {  // `collected` is only touched under `lock`.
  private let lock = NSLock()
  private var collected: [RuntimeIssue] = []

  var issues: [RuntimeIssue] { lock.withLock { collected } }
  var messages: [String] { issues.map(\.message) }

  /// The handler to install: appends each issue.
  var handler: RuntimeIssues.Handler {
    { issue in self.lock.withLock { self.collected.append(issue) } }
  }
}
