@_spi(Development) import BatonNormalizer
import BatonStore
import Foundation

/// An app's first screen from bytes to every field shown: the generated
/// `GitHub.IssuesAndCommentsForRepositoryQuery` fetched by a fresh environment from a canned
/// transport, with `fetch(.networkOnly)` and with `watch` + `refetch()`, then every field
/// read through the generated accessors (`GitHubIssuesScreen`). Beside it, the floors:
/// `JSONSerialization.jsonObject` and Baton's own `JSONReader` on the same bytes. The
/// response is the GitHub one with the key fields the generated query selects
/// (`Tools/scale-fixtures.py --key-fields`) at 100, 1,000 and 10,000 issues (435 KB, 4.4 MB,
/// 44 MB); each size and case runs in its own child process, measured as `baton-bench
/// scale` measures (`ScaleBench.measure`: CPU time, peak resident bytes over the baseline,
/// live heap after with the result held), in interleaved rounds.
enum FetchBench {
  typealias Query = GitHub.IssuesAndCommentsForRepositoryQuery

  static let counts = [100, 1000, 10000]
  static let childFlag = "--fetch-child"

  static let cases: [ScaleBench.Case] = [
    ScaleBench.Case(name: "floor", label: "JSONSerialization.jsonObject (floor)") { bytes, _ in
      let data = Data(bytes)
      return { try JSONSerialization.jsonObject(with: data) }
    },
    ScaleBench.Case(name: "json", label: "JSONReader.parse (Baton's JSON, floor)") { bytes, _ in
      { try JSONReader.parse(bytes) }
    },
    ScaleBench.Case(name: "fetch", label: "fetch(.networkOnly), every field read") { bytes, _ in
      { try fetch(bytes) }
    },
    ScaleBench.Case(name: "watch", label: "watch + refetch(), every field read") { bytes, _ in
      { try watch(bytes) }
    },
  ]

  /// How many rounds `run()` takes, each every size and case in turn (`BATON_FETCH_ROUNDS`,
  /// 5 unless set): the ratios are taken within a round, and the median of the rounds
  /// reported.
  static var roundCount: Int {
    max(1, ProcessInfo.processInfo.environment["BATON_FETCH_ROUNDS"].flatMap { Int($0) } ?? 5)
  }

  static func run() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-bench-fetch-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try generate(into: directory)
    func path(_ count: Int) -> String { directory.appendingPathComponent("issues-\(count).json").path }
    var sizes: [Int: Int] = [:]
    for count in counts {
      // Here, not in the children: a read of the whole response before a child's baseline
      // would leave its pages to the measured fetch, hiding its peak.
      let bytes = try ProcessMemory.contents(of: path(count))
      try checkComplete(bytes)
      sizes[count] = bytes.count
    }
    let loadBefore = loadAverage()
    var rounds: [ScaleBench.Round] = []
    for _ in 0..<roundCount {
      var round: ScaleBench.Round = [:]
      for count in counts {
        for item in cases { round[count, default: [:]][item.name] = try child(item.name, path(count)) }
      }
      rounds.append(round)
    }
    print(String(format: "load average %.1f before, %.1f after; %d rounds", loadBefore, loadAverage(), rounds.count))
    for count in counts {
      report(count: count, size: sizes[count] ?? 0, rounds: rounds)
    }
    reportGrowth(sizes: sizes, rounds: rounds)
  }

  /// Writes `issues-N.json` for every count, with key fields, with the generator script.
  static func generate(into directory: URL) throws {
    let script = Fixtures.packageRoot.appendingPathComponent("Tools/scale-fixtures.py").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["python3", script, "--key-fields", Fixtures.url(NormalizeBench.fixture).path, directory.path]
      + counts.map(String.init)
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchError(description: "\(script) exited with \(process.terminationStatus)")
    }
  }

  static func child(_ name: String, _ path: String) throws -> ScaleBench.Measurement {
    // One malloc arena, so that the live heap counts the concurrency pool's threads too.
    try BenchChild.launch(
      [childFlag, name, path], environment: ["MALLOC_ARENA_MAX": "1"], what: "fetch case \(name) on \(path)")
  }

  /// The median of `values` as the rows take it: of an even number, the lower middle one.
  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[(sorted.count - 1) / 2]
  }

  static func report(count: Int, size: Int, rounds: [ScaleBench.Round]) {
    let measured = rounds.compactMap { $0[count] }
    let runs = measured.first?["fetch"]?.runs ?? 0
    print("\(count) issues: \(size) bytes of JSON; median CPU time of \(runs) runs, then the median of \(rounds.count) rounds")
    printTable(
      ["case", "time", "throughput", "vs JSONSerialization", "vs JSONReader", "peak over baseline", "live heap after"],
      cases.map { item in
        let times = measured.compactMap { $0[item.name]?.seconds }
        // The ratios within each round, then their median.
        func ratio(to floor: String) -> String {
          formatRatio(median(measured.compactMap { row in
            guard let time = row[item.name]?.seconds, let base = row[floor]?.seconds else { return nil }
            return time / base
          }))
        }
        let peak = Int(median(measured.compactMap { ($0[item.name]?.peakOverBaseline).map(Double.init) }))
        let live = Int(median(measured.compactMap { ($0[item.name]?.liveHeapAfter).map(Double.init) }))
        let time = median(times)
        return [
          item.label, String(format: "%.3f ms", time * 1000), formatRate(bytes: size, seconds: time),
          ratio(to: "floor"), ratio(to: "json"),
          "\(formatMB(peak)) (\(formatRatio(Double(peak) / Double(size))))",
          "\(formatMB(live)) (\(formatRatio(Double(live) / Double(size))))",
        ]
      })
    print("")
  }

  /// Time per byte at each size over time per byte at 100 issues, within each round (the
  /// median of the rounds), and each case's growth over `JSONSerialization`'s.
  static func reportGrowth(sizes: [Int: Int], rounds: [ScaleBench.Round]) {
    let reference = counts[0]
    guard let referenceSize = sizes[reference] else { return }
    func growth(_ name: String, _ count: Int, in round: ScaleBench.Round) -> Double? {
      guard let size = sizes[count], let result = round[count]?[name], let base = round[reference]?[name] else { return nil }
      return (result.seconds / Double(size)) / (base.seconds / Double(referenceSize))
    }
    let larger = counts.dropFirst()
    print("time per byte ÷ time per byte at \(reference) issues, within each round (1.00x is linear), and ÷ JSONSerialization's")
    printTable(
      ["case"] + larger.map { "\($0) issues" } + larger.map { "\($0) issues ÷ floor's" },
      cases.map { item in
        [item.label]
          + larger.map { count in formatRatio(median(rounds.compactMap { growth(item.name, count, in: $0) })) }
          + larger.map { count in
            formatRatio(median(rounds.compactMap { round in
              guard let own = growth(item.name, count, in: round), let floor = growth("floor", count, in: round) else {
                return nil
              }
              return own / floor
            }))
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
      let body = try item.prepare(bytes, FileManager.default.temporaryDirectory)
      let measurement = try ScaleBench.measure(body, runs: max(5, min(41, 40_000_000 / max(bytes.count, 1))))
      FileHandle.standardOutput.write(try JSONEncoder().encode(measurement))
      return 0
    } catch {
      FileHandle.standardError.write(Data("baton-bench fetch \(item.name): \(error)\n".utf8))
      return 1
    }
  }

  /// Fails unless the response reads as the generated query's complete data, with no event
  /// (a missing key field would make every fetch a partial one, healed or logged).
  static func checkComplete(_ bytes: [UInt8]) throws {
    let records = try normalize(response: bytes, for: Query.operation).records
    let result = read(records, operation: Query.operation)
    guard result.data != nil, result.events.isEmpty else {
      throw BenchError(description: "the response does not read as the generated query's data: \(result.events.prefix(3))")
    }
  }

  /// A fresh environment fetches the response once (`fetch(.networkOnly)`) and the screen
  /// reads every field of the data; the environment and the data are the result.
  static func fetch(_ bytes: [UInt8]) throws -> Any {
    let environment = GraphQLEnvironment(transport: CannedTransport(body: bytes))
    let data = try StoreBench.blocking { try await environment.fetch(Query(), policy: .networkOnly) }
    _ = try GitHubIssuesScreen.show(data)
    return (environment, data)
  }

  /// A fresh environment's handle watches the operation and refetches it, as an app's first
  /// screen does, and the screen reads every field of its data; the environment and the
  /// handle are the result.
  static func watch(_ bytes: [UInt8]) throws -> Any {
    let environment = GraphQLEnvironment(transport: CannedTransport(body: bytes))
    let handle = environment.watch(Query(), policy: .networkOnly)
    try StoreBench.blocking { await handle.refetch() }
    guard let data = handle.phase.data, handle.fetch == .idle else {
      throw BenchError(description: "the fetch did not succeed: \(handle.fetch)")
    }
    _ = try GitHubIssuesScreen.show(data)
    return (environment, handle)
  }
}
