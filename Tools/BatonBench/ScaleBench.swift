import BatonImage
@_spi(Development) import BatonNormalizer
import BatonStore
import Foundation

/// The GitHub response scaled to 10, 100, 1,000 and 10,000 issues (`Tools/scale-fixtures.py`,
/// fresh ids per copy): normalize, read every field, fetch end to end through `watch`, save
/// and load the image, each size and case in its own child process, beside
/// `JSONSerialization.jsonObject` as the floor. Memory is over the child's baseline, taken
/// once its input (the response's bytes, the records to read, the image to save) is ready;
/// times are the process's CPU time (see `cpuSeconds()`).
enum ScaleBench {
  static let counts = [10, 100, 1000, 10000]
  static let childFlag = "--scale-child"

  /// What one child measures: the median time, the peak resident bytes over its baseline
  /// during the first run, and the live heap over the baseline while that run's result is
  /// held.
  struct Measurement: Codable {
    var seconds: Double
    var peakOverBaseline: Int
    var liveHeapAfter: Int
    var runs: Int
  }

  /// A case: made ready outside the measurement, then run (its result held while memory is
  /// taken, and dropped between timed runs).
  struct Case {
    var name: String
    var label: String
    var prepare: @Sendable (_ bytes: [UInt8], _ scratch: URL) throws -> () throws -> Any

    /// Normalizes once, then each run goes through the records with `walk`.
    static func walking(_ name: String, _ label: String, _ walk: (some SourceWalk).Type) -> Case {
      Case(name: name, label: label) { bytes, _ in
        let source = try normalize(response: bytes, for: GitHubIssuesQuery.operation).records
        return { try walk.walk(source) }
      }
    }
  }

  static let cases: [Case] = [
    Case(name: "floor", label: "JSONSerialization.jsonObject (floor)") { bytes, _ in
      let data = Data(bytes)
      return { try JSONSerialization.jsonObject(with: data) }
    },
    Case(name: "normalize", label: "normalize (bytes to records)") { bytes, _ in
      { try normalize(response: bytes, for: GitHubIssuesQuery.operation) }
    },
    .walking("read", "read every field and fragment", FullRead.self),
    .walking("walk", "walk the records (the least a read touches)", RecordWalk.self),
    Case(name: "fetch", label: "fetch end to end (watch, canned transport)") { bytes, _ in
      { try fetch(bytes) }
    },
    Case(name: "save", label: "image save (encode, write, fsync)") { bytes, scratch in
      let image = try ImageBench.storeImage(bytes)
      let file = try FileImage(at: scratch.appendingPathComponent("scale.image"), debounce: .zero)
      return {
        try file.save(image)
        file.flush()
        return file
      }
    },
    Case(name: "load", label: "image load (read, check, decode)") { bytes, scratch in
      let url = scratch.appendingPathComponent("scale.image")
      let file = try FileImage(at: url, debounce: .zero)
      try file.save(try ImageBench.storeImage(bytes))
      file.flush()
      return {
        guard let image = try FileImage(at: url).load(), !image.records.isEmpty else {
          throw BenchError(description: "the loaded image has no records")
        }
        return image
      }
    },
  ]

  // MARK: Parent

  /// How many rounds `run()` takes, each every size and case in turn
  /// (`BATON_SCALE_ROUNDS`, 3 unless set): this machine's speed drifts by up to 2x over
  /// minutes, so one child per size can set a 10,000-issue run in a slow spell against a
  /// 100-issue run in a fast one. The ratios are taken within each round.
  static var roundCount: Int {
    max(1, ProcessInfo.processInfo.environment["BATON_SCALE_ROUNDS"].flatMap { Int($0) } ?? 3)
  }

  static func run() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-bench-scale-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try generate(into: directory)
    func path(_ count: Int) -> String { directory.appendingPathComponent("issues-\(count).json").path }
    var sizes: [Int: Int] = [:]
    for count in counts {
      sizes[count] = (try FileManager.default.attributesOfItem(atPath: path(count))[.size] as? Int) ?? 0
    }
    var rounds: [Round] = []
    for _ in 0..<roundCount {
      var round: Round = [:]
      for count in counts {
        for item in cases { round[count, default: [:]][item.name] = try child(item.name, path(count)) }
      }
      rounds.append(round)
    }
    for count in counts {
      var row: [String: Measurement] = [:]
      for item in cases {
        // The round whose time is the median (of an even number, the lower middle one), with
        // the memory it measured.
        let measured = rounds.compactMap { $0[count]?[item.name] }.sorted { $0.seconds < $1.seconds }
        if !measured.isEmpty { row[item.name] = measured[(measured.count - 1) / 2] }
      }
      report(count: count, size: sizes[count] ?? 0, rounds: rounds.count, row)
    }
    reportLinearity(sizes: sizes, rounds: rounds)
  }

  /// One round's measurements by issue count and case name.
  typealias Round = [Int: [String: Measurement]]

  /// Writes `issues-N.json` for every count with the generator script beside this package.
  static func generate(into directory: URL) throws {
    let script = Fixtures.packageRoot.appendingPathComponent("Tools/scale-fixtures.py").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, Fixtures.url(NormalizeBench.fixture).path, directory.path] + counts.map(String.init)
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchError(description: "\(script) exited with \(process.terminationStatus)")
    }
  }

  static func child(_ name: String, _ path: String) throws -> Measurement {
    // mallinfo2 counts malloc's main arena only: one arena makes every thread's allocations
    // count (the fetch runs on the concurrency pool's threads).
    try BenchChild.launch(
      [childFlag, name, path], environment: ["MALLOC_ARENA_MAX": "1"], what: "scale case \(name) on \(path)")
  }

  static func report(count: Int, size: Int, rounds: Int, _ row: [String: Measurement]) {
    let floor = row["floor"]?.seconds ?? .nan
    let runs = row["normalize"]?.runs ?? 0
    print(
      "\(count) issues: \(size) bytes of JSON; median CPU time of \(runs) runs, the median round of \(rounds); memory over the baseline, and ÷ the JSON's bytes")
    printTable(
      ["case", "time", "throughput", "vs floor", "peak over baseline", "live heap after"],
      cases.compactMap { item in
        guard let result = row[item.name] else { return nil }
        return [
          item.label, String(format: "%.3f ms", result.seconds * 1000), formatRate(bytes: size, seconds: result.seconds),
          formatRatio(result.seconds / floor),
          "\(formatMB(result.peakOverBaseline)) (\(formatRatio(Double(result.peakOverBaseline) / Double(size))))",
          "\(formatMB(result.liveHeapAfter)) (\(formatRatio(Double(result.liveHeapAfter) / Double(size))))",
        ]
      })
    print("")
  }

  /// Time per byte at each size over time per byte at 100 issues (the real response), in
  /// each round: the median of the rounds, and their range when they differ. 1.00x is
  /// linear.
  static func reportLinearity(sizes: [Int: Int], rounds: [Round]) {
    let reference = 100
    guard let referenceSize = sizes[reference] else { return }
    print("time per byte ÷ time per byte at \(reference) issues, within each round (1.00x is linear)")
    printTable(
      ["case"] + counts.map { "\($0) issues" },
      cases.map { item in
        [item.label]
          + counts.map { count in
            guard let size = sizes[count] else { return "-" }
            let ratios = rounds.compactMap { round -> Double? in
              guard let result = round[count]?[item.name], let base = round[reference]?[item.name] else { return nil }
              return (result.seconds / Double(size)) / (base.seconds / Double(referenceSize))
            }.sorted()
            guard let first = ratios.first, let last = ratios.last else { return "-" }
            // The median as the rows take it: of an even number, the lower middle one.
            let median = formatRatio(ratios[(ratios.count - 1) / 2])
            return first == last ? median : "\(median) (\(String(format: "%.2f–%.2f", first, last)))"
          }
      })
  }

  // MARK: Child

  static func childMain(_ arguments: [String]) -> Int32 {
    guard arguments.count == 2, let item = cases.first(where: { $0.name == arguments[0] }) else {
      FileHandle.standardError.write(Data("baton-bench: usage: \(childFlag) CASE FILE\n".utf8))
      return 2
    }
    do {
      let bytes = try ProcessMemory.contents(of: arguments[1])
      let scratch = try ImageBench.scratchDirectory()
      defer { try? FileManager.default.removeItem(at: scratch) }
      let body = try item.prepare(bytes, scratch)
      let measurement = try measure(body, runs: max(5, min(41, 40_000_000 / max(bytes.count, 1))))
      FileHandle.standardOutput.write(try JSONEncoder().encode(measurement))
      return 0
    } catch {
      FileHandle.standardError.write(Data("baton-bench scale \(item.name): \(error)\n".utf8))
      return 1
    }
  }

  static func measure(_ body: () throws -> Any, runs: Int) throws -> Measurement {
    let baselineResident = ProcessMemory.residentBytes()
    let baselineHeap = ProcessMemory.liveHeapBytes()
    ProcessMemory.resetPeak()
    var held: Any? = try body()
    let peak = ProcessMemory.peakBytes() - baselineResident
    let live = ProcessMemory.liveHeapBytes() - baselineHeap
    guard held != nil else { throw BenchError(description: "the first run returned nothing") }
    held = nil
    _ = try body()
    var times: [Double] = []
    for _ in 0..<runs {
      let start = cpuSeconds()
      _ = try body()
      times.append(cpuSeconds() - start)
    }
    times.sort()
    return Measurement(seconds: times[times.count / 2], peakOverBaseline: peak, liveHeapAfter: live, runs: runs)
  }

  /// CPU time of the whole process (every thread, user and system): on a machine shared
  /// with builds, wall time measures the neighbours as much as the code.
  static func cpuSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  /// A fresh store fetches the response through a watching handle, as an app's first
  /// screen does; the environment and the handle (with the data it shows) are the result.
  static func fetch(_ bytes: [UInt8]) throws -> Any {
    let environment = GraphQLEnvironment(transport: CannedTransport(body: bytes))
    let handle = environment.watch(GitHubIssuesOperation(), policy: .networkOnly)
    try StoreBench.blocking { await handle.refetch() }
    guard handle.phase.data != nil, handle.fetch == .idle else {
      throw BenchError(description: "the fetch did not succeed: \(handle.fetch)")
    }
    return (environment, handle)
  }
}
