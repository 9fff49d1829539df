import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Errors a benchmark reports instead of trapping: a missing fixture or peer is a
/// message, not a crash.
struct BenchError: Error, CustomStringConvertible {
  var description: String
}

/// Where benchmark inputs live: `$BATON_FIXTURES`, else `../shared/fixtures` beside the
/// package root.
enum Fixtures {
  static var root: URL {
    if let path = ProcessInfo.processInfo.environment["BATON_FIXTURES"] {
      return URL(fileURLWithPath: path)
    }
    return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
  }

  /// Resolved, as Development/ compiles this file through a symlinked folder.
  static var packageRoot: URL {
    URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
      .deletingLastPathComponent()  // BatonBench
      .deletingLastPathComponent()  // Tools
      .deletingLastPathComponent()
  }

  static func url(_ relativePath: String) -> URL {
    root.appendingPathComponent(relativePath)
  }

  static func bytes(_ relativePath: String) throws -> [UInt8] {
    let url = url(relativePath)
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw BenchError(description: "fixture not found: \(url.path) (set BATON_FIXTURES)")
    }
    return [UInt8](data)
  }
}

/// Wall-clock timing: the median of `runs` timed runs after `warmup` untimed ones.
enum Clock {
  static func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  static func median(runs: Int, warmup: Int = 2, _ body: () throws -> Void) rethrows -> Double {
    for _ in 0..<warmup { try body() }
    var times: [Double] = []
    times.reserveCapacity(runs)
    for _ in 0..<runs {
      let start = now()
      try body()
      times.append(now() - start)
    }
    times.sort()
    return times[times.count / 2]
  }
}

/// `getrusage` for this process (`RUSAGE_SELF`) or its waited-for children.
private func resourceUsage(children: Bool) -> rusage {
  var usage = rusage()
  #if canImport(Glibc)
  getrusage((children ? RUSAGE_CHILDREN : RUSAGE_SELF).rawValue, &usage)
  #else
  getrusage(children ? RUSAGE_CHILDREN : RUSAGE_SELF, &usage)
  #endif
  return usage
}

/// The peak resident set size of this process so far, in bytes.
func peakResidentBytes() -> Int {
  let usage = resourceUsage(children: false)
  #if canImport(Darwin)
  return Int(usage.ru_maxrss)  // bytes on Darwin
  #else
  return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
  #endif
}

/// CPU time (user and system, in seconds) of this process's waited-for children and their
/// descendants so far: a build's compiler processes count once the build tool exits.
func childrenCPUSeconds() -> Double {
  let usage = resourceUsage(children: true)
  let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
  let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
  return user + system
}

/// The one-minute load average: how busy a shared machine was around a timing.
func loadAverage() -> Double {
  var loads = [Double](repeating: 0, count: 3)
  return getloadavg(&loads, 3) > 0 ? loads[0] : 0
}

/// One measured case, as a child process reports it back to the parent.
struct CaseResult: Codable {
  var seconds: Double
  var peakBytes: Int
}

/// Runs one case in a fresh child process (`baton-bench --child NAME ARGS...`) so that
/// its peak memory is not inflated by the cases before it.
enum BenchChild {
  static let flag = "--child"

  /// A case a child runs: given its arguments, it returns its median time in seconds.
  typealias Case = @Sendable ([String]) throws -> Double

  static func run(_ name: String, _ arguments: [String] = []) throws -> CaseResult {
    try launch([flag, name] + arguments, what: "case \(name)")
  }

  /// Runs this executable again with `arguments` (and `environment` over this process's)
  /// and decodes what it writes to standard output.
  static func launch<Result: Decodable>(
    _ arguments: [String], environment: [String: String] = [:], what: String
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    if !FileManager.default.isExecutableFile(atPath: process.executableURL?.path ?? "") {
      process.executableURL = Bundle.main.executableURL
    }
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    }
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchError(description: "\(what) exited with \(process.terminationStatus)")
    }
    return try JSONDecoder().decode(Result.self, from: output)
  }

  static func main(_ arguments: [String], cases: [String: Case]) -> Int32 {
    guard let name = arguments.first, let body = cases[name] else {
      FileHandle.standardError.write(Data("baton-bench: unknown child case\n".utf8))
      return 2
    }
    do {
      let seconds = try body(Array(arguments.dropFirst()))
      let result = CaseResult(seconds: seconds, peakBytes: peakResidentBytes())
      FileHandle.standardOutput.write(try JSONEncoder().encode(result))
      return 0
    } catch {
      FileHandle.standardError.write(Data("baton-bench \(name): \(error)\n".utf8))
      return 1
    }
  }
}

/// A plain-text table, columns padded to their widest cell.
func printTable(_ header: [String], _ rows: [[String]]) {
  let all = [header] + rows
  let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
  for (index, row) in all.enumerated() {
    let cells = row.enumerated().map { column, cell in
      cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
    }
    print(cells.joined(separator: "  "))
    if index == 0 { print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
  }
}

func formatMB(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
func formatRate(bytes: Int, seconds: Double) -> String {
  String(format: "%.1f MB/s", Double(bytes) / 1_048_576 / seconds)
}
func formatRatio(_ value: Double) -> String { String(format: "%.2fx", value) }
