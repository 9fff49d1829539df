import Foundation
import GraphQLSyntax

/// graphql-core's verdicts on the syntax corpus, as `Tools/oracle/syntax_corpus.py` writes
/// them to `.cache/oracle/syntax/corpus.json` (Tools/test.sh runs it before the tests).
struct DifferentialCorpus: Decodable, Sendable {
  /// What graphql-core did with one document: printed it, or rejected it at a place.
  struct Case: Decodable, Sendable {
    var name: String
    var source: String
    var options: Options?
    var printed: String?
    var error: Rejection?
  }

  /// The parse options a case needs, in `ParseOptions`' terms.
  struct Options: Decodable, Sendable {
    var maxTokens: Int?
    var experimentalFragmentArguments: Bool?
  }

  /// graphql-core's syntax error: its full message and 1-based line and column.
  struct Rejection: Decodable, Equatable, Sendable {
    var message: String
    var line: Int
    var column: Int
  }

  /// The oracle data is missing or unreadable; the message says how to make it.
  struct Missing: Error, CustomStringConvertible {
    var description: String
  }

  var graphqlCore: String
  var seed: Int
  var cases: [Case]

  var valid: [Case] { cases.filter { $0.printed != nil } }
  var invalid: [Case] { cases.filter { $0.error != nil } }

  /// Reads the corpus, or throws `Missing` telling the reader to run Tools/test.sh.
  static func load(filePath: String = #filePath) throws -> DifferentialCorpus {
    let root = try packageRoot(from: filePath)
    let url = root.appendingPathComponent(".cache/oracle/syntax/corpus.json")
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw Missing(description: """
        The syntax oracle is missing: \(url.path). Run Tools/test.sh (it runs \
        Tools/oracle/syntax_corpus.py with graphql-core) before `swift test`.
        """)
    }
    return try JSONDecoder().decode(DifferentialCorpus.self, from: data)
  }

  private static func packageRoot(from filePath: String) throws -> URL {
    var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while directory.path != "/" {
      if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
        return directory
      }
      directory = directory.deletingLastPathComponent()
    }
    throw Missing(description: "No Package.swift above \(filePath).")
  }
}

extension DifferentialCorpus.Case {
  /// The options graphql-core parsed this case with, and no locations, so that two
  /// parses of equal documents compare equal.
  var parseOptions: ParseOptions {
    ParseOptions(
      noLocation: true,
      maxTokens: options?.maxTokens,
      experimentalFragmentArguments: options?.experimentalFragmentArguments ?? false)
  }

  /// The source as a one-line Swift literal, cut short, for failure reports.
  var quotedSource: String {
    let escaped = source.unicodeScalars.map { scalar -> String in
      switch scalar {
      case "\n": return "\\n"
      case "\r": return "\\r"
      case "\t": return "\\t"
      case "\"": return "\\\""
      case "\\": return "\\\\"
      case _ where scalar.value < 0x20 || scalar.value == 0xFEFF || scalar.value == 0x7F:
        return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: return String(scalar)
      }
    }.joined()
    return escaped.count > 300 ? "\"\(escaped.prefix(300))\"…" : "\"\(escaped)\""
  }
}
