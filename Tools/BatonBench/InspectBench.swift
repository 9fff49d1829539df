import BatonImage
import BatonInspector
import BatonNormalizer
import BatonStore
import BatonTestServer
import Foundation

/// `baton inspect --json` on the GitHub response's store copied to 100,000 records, beside
/// `JSONSerialization.jsonObject` parsing that very output: the inspector must write its
/// JSON faster than Foundation reads it back. Set `BATON_INSPECT_IMAGE` to a path to also
/// write the image there (the browser test's `--large-image`).
enum InspectBench {
  static let runs = 9
  static let records = 100_000

  static let childCases: [String: BenchChild.Case] = [
    // What `baton inspect --json` does after reading the file: decode, model, write.
    "inspect.json": { _ in
      let bytes = try imageBytes()
      return try Clock.median(runs: runs) {
        _ = Inspection(image: try FileImage.decode(bytes), source: "bench").json
      }
    },
    "inspect.html": { _ in
      let bytes = try imageBytes()
      return try Clock.median(runs: runs) {
        _ = Inspection(image: try FileImage.decode(bytes), source: "bench").html
      }
    },
    "inspect.floor": { _ in
      let json = Data(Inspection(image: try FileImage.decode(try imageBytes()), source: "bench").json)
      return try Clock.median(runs: runs) { _ = try JSONSerialization.jsonObject(with: json) }
    },
  ]

  static func imageBytes() throws -> [UInt8] {
    FileImage.encode(try ImageBench.storeImage().replicated(toAtLeast: records))
  }

  static func run() throws {
    let bytes = try imageBytes()
    if let path = ProcessInfo.processInfo.environment["BATON_INSPECT_IMAGE"] {
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
    let inspection = Inspection(image: try FileImage.decode(bytes), source: "bench")
    let json = inspection.json
    let cases: [(label: String, name: String)] = [
      ("JSONSerialization.jsonObject of the output (floor)", "inspect.floor"),
      ("baton inspect --json (decode, model, write)", "inspect.json"),
      ("baton inspect --html (decode, model, page)", "inspect.html"),
    ]
    let results = try cases.map { try BenchChild.run($0.name) }
    let floor = results[0].seconds
    print(
      "input: \(NormalizeBench.fixture) normalized and copied to \(inspection.records.count) records, "
        + "\(inspection.operations.count) operations; image \(bytes.count) bytes; JSON \(json.count) bytes; "
        + "median of \(runs) runs, each case in its own process")
    printTable(
      ["case", "time", "vs floor", "peak memory"],
      zip(cases, results).map { item, result in
        [
          item.label, String(format: "%.1f ms", result.seconds * 1000), formatRatio(result.seconds / floor),
          formatMB(result.peakBytes),
        ]
      })
    guard results[1].seconds < floor else {
      throw BenchError(description: "baton inspect --json is not faster than JSONSerialization parsing its output")
    }
  }
}
