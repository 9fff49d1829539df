// Apple-only in part (`canImport(os)`). Checked by hand against Apple's documentation:
// os_log(_:dso:log:_:_:) (the OSLogType-first form) is macOS 10.14, iOS 12, tvOS 12,
// watchOS 5; OSLog(subsystem:category:) and OSLogType.fault are macOS 10.12, iOS 10. The
// logging system may be called from any thread. The stderr line beside it is the twin the
// heal check and the tests here read.
import Foundation

#if canImport(os)
  import os
#endif

/// Where runtime issues go. Debug builds only: in a release build `report` does nothing, so
/// an app is quiet and heals on its own. The environment raises them (missing data, whatever
/// its heal policy), so a store without `BatonHeal` reports too.
///
/// A test that wants the issues installs a handler for a scope with `withHandler`; the
/// handler is a task-local value, so it reaches the tasks the scope starts (an
/// environment's fetches among them) and no other test's, and nothing global changes.
public enum RuntimeIssues {
  /// Receives each issue raised inside a `withHandler` scope instead of stderr and `os_log`.
  public typealias Handler = @Sendable (RuntimeIssue) -> Void

  @TaskLocal static var handler: Handler?

  /// Runs `operation` with `handler` receiving the runtime issues it raises, directly or in
  /// the tasks it starts.
  public static func withHandler<Result>(_ handler: @escaping Handler, operation: () throws -> Result) rethrows -> Result {
    try $handler.withValue(handler, operation: operation)
  }

  /// Runs `operation` with `handler` receiving the runtime issues it raises, directly or in
  /// the tasks it starts.
  public static func withHandler<Result>(
    _ handler: @escaping Handler, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    try await $handler.withValue(handler, operation: operation, isolation: isolation)
  }

  /// Raises a runtime issue in a debug build: to the scope's handler if a test installed
  /// one, else to stderr and, on Apple platforms, `os_log` as a fault under the
  /// `com.apple.runtime-issues` subsystem.
  public static func report(_ message: String, fileID: StaticString = #fileID, line: UInt = #line) {
    #if DEBUG
      let issue = RuntimeIssue(message, fileID: "\(fileID)", line: line)
      if let handler {
        handler(issue)
        return
      }
      FileHandle.standardError.write(Data((issue.description + "\n").utf8))
      #if canImport(os)
        os_log(.fault, log: OSLog(subsystem: "com.apple.runtime-issues", category: "Baton"), "%{public}@", issue.description)
      #endif
    #endif
  }
}
