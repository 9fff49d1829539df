import BatonImage
@_spi(Development) import BatonNormalizer
import BatonStore
import Foundation

/// Saving and loading the image of the normalized GitHub response (410 KB of JSON) beside
/// `JSONSerialization.jsonObject` on the response's bytes: loading the store at launch
/// must cost less than parsing the JSON it came from.
enum ImageBench {
  static let runs = 41

  static let childCases: [String: BenchChild.Case] = [
    "image.encode": { _ in
      let image = try storeImage()
      return Clock.median(runs: runs) { _ = FileImage.encode(image) }
    },
    "image.decode": { _ in
      let bytes = FileImage.encode(try storeImage())
      return try Clock.median(runs: runs) { _ = try FileImage.decode(bytes) }
    },
    "image.save": { _ in
      let image = try storeImage()
      let directory = try scratchDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let file = try FileImage(at: directory.appendingPathComponent("bench.image"), debounce: .zero)
      return try Clock.median(runs: runs) {
        try file.save(image)
        file.flush()
      }
    },
    "image.load": { _ in
      let directory = try scratchDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let url = directory.appendingPathComponent("bench.image")
      let file = try FileImage(at: url, debounce: .zero)
      try file.save(try storeImage())
      file.flush()
      var records = 0
      // Every record read: a load reads them on demand, and this row is the whole store's decode.
      let seconds = try Clock.median(runs: runs) { records = try FileImage(at: url).load()?.records.records.count ?? 0 }
      guard records > 0 else { throw BenchError(description: "the loaded image has no records") }
      return seconds
    },
  ]

  /// The store after fetching the GitHub query once: its records, and the operation with
  /// the records its read saw (so garbage collection keeps them all).
  static func storeImage() throws -> StoreImage {
    try storeImage(Fixtures.bytes(NormalizeBench.fixture))
  }

  /// The store after fetching `bytes`, a response to the GitHub query, once.
  static func storeImage(_ bytes: [UInt8]) throws -> StoreImage {
    let operation = GitHubIssuesQuery.operation
    let payload = try normalize(response: bytes, for: operation)
    let seen = read(payload.records, operation: operation).seenRecords
    guard seen.count == payload.records.count else {
      throw BenchError(description: "the read saw \(seen.count) of \(payload.records.count) records")
    }
    return StoreImage(
      records: payload.records,
      operations: [
        OperationImage(
          operationID: "IssuesAndCommentsForRepository", name: operation.name, fetchedAt: Date(), seenRecords: seen,
          operationErrors: payload.operationErrors)
      ])
  }

  static func scratchDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("baton-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func run() throws {
    let jsonSize = try Fixtures.bytes(NormalizeBench.fixture).count
    let image = try storeImage()
    let imageSize = FileImage.encode(image).count
    let cases: [(label: String, name: String)] = [
      ("JSONSerialization.jsonObject (floor)", "normalize.floor"),
      ("Baton normalize (JSON bytes to records)", "normalize.normalize"),
      ("image encode (records to bytes)", "image.encode"),
      ("image save (encode, write, fsync, rename)", "image.save"),
      ("image decode (bytes to records)", "image.decode"),
      ("image load (read file, check, decode)", "image.load"),
    ]
    let results = try cases.map { try BenchChild.run($0.name) }
    let floor = results[0].seconds
    print(
      "input: \(NormalizeBench.fixture), \(jsonSize) bytes of JSON; \(image.records.count) records; "
        + "image \(imageSize) bytes; median of \(runs) runs, each case in its own process")
    printTable(
      ["case", "time", "vs floor", "peak memory"],
      zip(cases, results).map { item, result in
        [
          item.label, String(format: "%.3f ms", result.seconds * 1000), formatRatio(result.seconds / floor),
          formatMB(result.peakBytes),
        ]
      })
    guard let load = results.last, load.seconds < floor else {
      throw BenchError(description: "loading the image is not faster than parsing the JSON")
    }
  }
}
