import Foundation

/// `baton-fuzz --iterations N --seed S [--corpus DIR]... [--trace] [--show I]`
struct FuzzArguments {
  var iterations = 1_000_000
  var seed: UInt64 = 1
  var corpus: [URL] = []
  /// Print each iteration's number to stderr before parsing, to find a crashing input.
  var trace = false
  /// Print input number I (as the run with the same seed makes it) and stop.
  var show: Int?

  static let usage = "usage: baton-fuzz [--iterations N] [--seed S] [--corpus DIR]... [--trace] [--show I]"

  init(_ arguments: [String]) throws {
    var rest = arguments[...]
    while let flag = rest.popFirst() {
      switch flag {
      case "--iterations": iterations = try Self.number(flag, rest.popFirst())
      case "--seed": seed = UInt64(try Self.number(flag, rest.popFirst()))
      case "--show": show = try Self.number(flag, rest.popFirst())
      case "--trace": trace = true
      case "--corpus":
        guard let path = rest.popFirst() else { throw FuzzError(description: "--corpus needs a directory\n\(Self.usage)") }
        corpus.append(URL(fileURLWithPath: path))
      default: throw FuzzError(description: "unknown argument '\(flag)'\n\(Self.usage)")
      }
    }
    if corpus.isEmpty {
      // Resolved: Development/ compiles this file through a symlinked folder.
      let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
      corpus = [
        root.appendingPathComponent(".cache/graphql_core-3.3.2/tests/fixtures"),
        root.appendingPathComponent(".cache/oracle/syntax"),
      ]
    }
  }

  private static func number(_ flag: String, _ value: String?) throws -> Int {
    guard let value, let number = Int(value), number >= 0 else {
      throw FuzzError(description: "\(flag) needs a non-negative number\n\(usage)")
    }
    return number
  }
}
