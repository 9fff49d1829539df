import Foundation

/// The documents the fuzzer starts from: every `*.graphql` file in the corpus
/// directories and every document in the syntax oracle's `corpus.json`.
struct SeedCorpus {
  /// Documents of at most `windowLimit` bytes; mutated whole.
  var small: [[UInt8]] = []
  /// Larger documents (the fixtures); the fuzzer mutates windows of them.
  var large: [[UInt8]] = []

  static let windowLimit = 4_096

  var isEmpty: Bool { small.isEmpty && large.isEmpty }

  private struct OracleFile: Decodable {
    struct Case: Decodable { var source: String }
    var cases: [Case]
  }

  /// Reads the directories; a missing directory is skipped, an unreadable file is an error.
  static func load(_ directories: [URL]) throws -> SeedCorpus {
    var corpus = SeedCorpus()
    let files = FileManager.default
    for directory in directories {
      guard let names = try? files.contentsOfDirectory(atPath: directory.path) else { continue }
      for name in names.sorted() {
        let url = directory.appendingPathComponent(name)
        if name.hasSuffix(".graphql") || name.hasSuffix(".graphqls") {
          guard let data = files.contents(atPath: url.path) else {
            throw FuzzError(description: "cannot read \(url.path)")
          }
          corpus.add([UInt8](data))
        } else if name == "corpus.json" {
          guard let data = files.contents(atPath: url.path) else {
            throw FuzzError(description: "cannot read \(url.path)")
          }
          for entry in try JSONDecoder().decode(OracleFile.self, from: data).cases {
            corpus.add(Array(entry.source.utf8))
          }
        }
      }
    }
    return corpus
  }

  private mutating func add(_ document: [UInt8]) {
    if document.count <= Self.windowLimit {
      small.append(document)
    } else {
      large.append(document)
    }
  }

  /// A seed to mutate: mostly a small document, sometimes a window of a large one
  /// (starting at a line break, so that it begins between tokens more often than not).
  func pick(_ random: inout FuzzRandom) -> [UInt8] {
    if large.isEmpty || (!small.isEmpty && !random.oneIn(8)) {
      return small[random.below(small.count)]
    }
    let document = large[random.below(large.count)]
    var start = random.below(document.count)
    while start > 0 && document[start - 1] != 0x0A { start -= 1 }
    let length = 64 + random.below(Self.windowLimit)
    return Array(document[start..<min(document.count, start + length)])
  }
}
