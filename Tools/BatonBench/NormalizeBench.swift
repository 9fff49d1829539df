@_spi(Development) import BatonNormalizer
import Foundation

/// Normalize and read the real GitHub response (410 KB) beside Foundation's
/// `JSONSerialization`, the floor: parsing JSON into objects is the least any client does.
enum NormalizeBench {
  static let fixture = "github-issues/IssuesAndCommentsForRepository.json"
  static let runs = 41

  static let childCases: [String: BenchChild.Case] = [
    "normalize.floor": { _ in try floor() },
    "normalize.parse": { _ in
      let bytes = try Fixtures.bytes(fixture)
      return try Clock.median(runs: runs) { _ = try JSONReader.parse(bytes) }
    },
    "normalize.normalize": { _ in
      let bytes = try Fixtures.bytes(fixture)
      return try Clock.median(runs: runs) { _ = try normalize(response: bytes, for: GitHubIssuesQuery.operation) }
    },
    "read.read": { _ in try timedWalk(FullRead.self) },
    "read.lens": { _ in try timedWalk(LensWalk.self) },
  ]

  static func floor() throws -> Double {
    let data = Data(try Fixtures.bytes(fixture))
    return try Clock.median(runs: runs) { _ = try JSONSerialization.jsonObject(with: data) }
  }

  /// The median time of one walk over the normalized fixture.
  static func timedWalk(_ walk: (some SourceWalk).Type) throws -> Double {
    let source = try normalizedSource()
    return try Clock.median(runs: runs) { _ = try walk.walk(source) }
  }

  static func normalizedSource() throws -> RecordSource {
    try normalize(response: try Fixtures.bytes(fixture), for: GitHubIssuesQuery.operation).records
  }

  static func runNormalize() throws {
    try report([
      ("JSONSerialization.jsonObject (floor)", "normalize.floor"),
      ("Baton JSONReader.parse (bytes to values)", "normalize.parse"),
      ("Baton normalize (bytes to records)", "normalize.normalize"),
      ("Baton read, every field and fragment", "read.read"),
    ])
  }

  static func runRead() throws {
    try report([
      ("JSONSerialization.jsonObject (floor)", "normalize.floor"),
      ("Baton normalize (bytes to records)", "normalize.normalize"),
      ("Baton read, every field and fragment (the operation a lens, each fragment a tree)", "read.read"),
      ("Lookups along the selections, every field (no walk before)", "read.lens"),
    ])
  }

  static func report(_ cases: [(label: String, name: String)]) throws {
    let size = try Fixtures.bytes(fixture).count
    let results = try cases.map { try BenchChild.run($0.name) }
    let floor = results[0].seconds
    print("input: \(fixture), \(size) bytes; median of \(runs) runs, each case in its own process")
    printTable(
      ["case", "time", "throughput", "vs floor", "peak memory"],
      zip(cases, results).map { item, result in
        [
          item.label, String(format: "%.3f ms", result.seconds * 1000), formatRate(bytes: size, seconds: result.seconds),
          formatRatio(result.seconds / floor), formatMB(result.peakBytes),
        ]
      })
  }
}
