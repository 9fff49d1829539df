import BatonTestServer
import Foundation
import TestPrerequisites

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of the crash harness: started with `arguments`, killed with SIGKILL `delay`
/// microseconds after it printed its first line, which says writes are under way.
struct HarnessRun: Sendable {
  /// The harness's first line of output ("ready\n" when it started writing).
  let firstLine: String
  let terminationReason: Process.TerminationReason

  static func killed(_ arguments: [String], after delay: UInt32) async throws -> HarnessRun {
    try await onOwnThread {
      let process = Process()
      process.executableURL = Prerequisite.imageCrashHarness.url
      process.arguments = arguments
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let line = output.fileHandleForReading.readFirstLine()
      usleep(delay)
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return HarnessRun(firstLine: line, terminationReason: process.terminationReason)
    }
  }
}
