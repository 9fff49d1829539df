import Foundation

/// A tool's exit status and what it wrote to its standard output and error.
public struct ToolRun: Sendable {
  public let status: Int32
  public let output: String

  /// Runs `arguments` through `/usr/bin/env` (so `arguments[0]` is found on `PATH`), in
  /// `directory` when given, and waits for it to exit on a thread of its own.
  ///
  /// The output goes to a file, not a pipe: a child started at the same moment by another
  /// test could inherit the pipe's write end, and reading to its end would wait for that
  /// child too.
  public static func run(_ arguments: [String], in directory: URL? = nil) async throws -> ToolRun {
    try await onOwnThread {
      let files = FileManager.default
      let log = files.temporaryDirectory.appendingPathComponent("baton-tool-\(UUID().uuidString).log")
      guard files.createFile(atPath: log.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
      defer { try? files.removeItem(at: log) }
      let output = try FileHandle(forWritingTo: log)
      defer { try? output.close() }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = arguments
      process.currentDirectoryURL = directory
      process.standardOutput = output
      process.standardError = output
      try process.run()
      process.waitUntilExit()
      let text = String(decoding: try Data(contentsOf: log), as: UTF8.self)
      return ToolRun(status: process.terminationStatus, output: text)
    }
  }
}
