import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A Python server started as a child process with a pipe as its stdin, so it exits when
/// this process does however it ends, once it printed `LISTENING <port>`.
struct ServerProcess {
  let process: Process
  let stdin: Pipe
  let port: Int

  /// Runs `python script arguments` and waits for its `LISTENING <port>` line; `name` says
  /// which server did not start.
  init(python: URL, script: URL, arguments: [String], name: String) throws {
    let process = Process()
    process.executableURL = python
    process.arguments = [script.path] + arguments
    let stdin = Pipe()
    let stdout = Pipe()
    // Servers start side by side: without close-on-exec another server would inherit this
    // one's stdin, which then never reaches end-of-file when this process lets go of it.
    // (The child's own stdin and stdout are copies the spawn makes, which do not inherit it.)
    let ends = [stdin.fileHandleForReading, stdin.fileHandleForWriting, stdout.fileHandleForReading, stdout.fileHandleForWriting]
    for handle in ends {
      _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
    }
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    let text = stdout.fileHandleForReading.readFirstLine().trimmingCharacters(in: .whitespacesAndNewlines)
    guard text.hasPrefix("LISTENING "), let port = Int(text.dropFirst("LISTENING ".count)) else {
      process.terminate()
      throw TestServerError("\(name) did not start; its first line was \"\(text)\"")
    }
    self.process = process
    self.stdin = stdin
    self.port = port
  }

  /// `make`'s value, made on a thread of its own: tests run in parallel on as few of Swift
  /// concurrency's threads as the machine has cores, and a start that blocked one would
  /// stall the others. (Not TestPrerequisites' `onOwnThread`: it links Testing, which the
  /// example and the benchmarks that use this module must not.)
  static func onOwnThread<Value: Sendable>(_ make: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try make() }) }.start()
    }
  }

  /// Ends the server and waits for it to exit.
  func stop() {
    process.terminate()
    try? stdin.fileHandleForWriting.close()
    process.waitUntilExit()
  }
}
