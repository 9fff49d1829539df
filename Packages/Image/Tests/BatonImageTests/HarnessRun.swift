import BatonTestServer
import Foundation
import TestPrerequisites

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of the crash harness: started with `arguments`, killed with SIGKILL at `moment`
/// after it printed its first line, which says writes are under way.
struct HarnessRun: Sendable {
  /// When, after the harness's first line, it is killed.
  enum Moment: Sendable {
    /// So many microseconds later.
    case after(UInt32)
    /// As soon as a file is seen at the path (a save the harness finished), or after five
    /// seconds without one. A delay alone lands where a starved harness is slowest: on a
    /// loaded machine, every kill of a hundred can fall before the next save ends.
    case onceExists(String)
  }

  /// The harness's first line of output ("ready\n" when it started writing), with what
  /// came in the same read after it.
  let firstLine: String
  /// Everything the harness wrote to its output before it was killed.
  let output: String
  let terminationReason: Process.TerminationReason

  static func killed(_ arguments: [String], at moment: Moment) async throws -> HarnessRun {
    try await onOwnThread {
      let process = Process()
      process.executableURL = Prerequisite.imageCrashHarness.url
      process.arguments = arguments
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      // The harness holds the only writing end, so its death ends the output.
      try output.fileHandleForWriting.close()
      let line = output.fileHandleForReading.readFirstLine()
      switch moment {
      case .after(let delay):
        usleep(delay)
      case .onceExists(let path):
        let deadline = Date().addingTimeInterval(5)
        while access(path, F_OK) != 0 && Date() < deadline { usleep(50) }
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      return HarnessRun(firstLine: line, output: line + rest, terminationReason: process.terminationReason)
    }
  }
}
