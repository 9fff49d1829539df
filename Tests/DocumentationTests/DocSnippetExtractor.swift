import Foundation

/// Turns a guide's ```swift blocks into one Swift file of the `DocSnippets` test target.
///
/// The convention (also in the README's "Documentation" section):
/// - each block becomes the body of `func <guide>Snippet<N>() async throws`, so it may
///   `try` and `await`; its `import` lines move to the top of the file, beside the
///   implicit `Baton`, `Foundation` and `RickAndMortyAPI` (the example's operations);
/// - `<!-- snippet parameters: a: A, b: B -->` before a block gives the function those
///   parameters: values the reader is assumed to have (an environment, a handle);
/// - `<!-- snippet prelude` ... `-->` before a block puts hidden lines before its body;
/// - `<!-- snippet top-level -->` puts the block at file scope (types, extensions, tests);
/// - `<!-- snippet manifest -->` marks a Package.swift: `DocSnippetsTests` has SwiftPM
///   read it instead;
/// - `<!-- snippet condition: canImport(SwiftUI) -->` compiles the block, and its imports,
///   only where the condition holds (`#if`): SwiftUI views are checked on Apple platforms,
///   the rest of the guide everywhere;
/// - every value a block makes must be used (or assigned to `_`): the build has
///   warnings as errors.
enum DocSnippetExtractor {
  struct Failure: Error, Equatable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  /// A fenced block of a guide.
  struct Block {
    var language: String
    var lines: [String]
    /// The 1-based line of the opening fence.
    var line: Int
    var markers: Markers
  }

  /// What the comments before a block say about it.
  struct Markers {
    var parameters = ""
    var prelude: [String] = []
    var topLevel = false
    var manifest = false
    /// The `#if` condition the block compiles under; `nil`: always.
    var condition: String?
  }

  /// `Directives.md` -> `Directives.swift`.
  static func fileName(guide: String) -> String {
    String(guide.dropLast(".md".count)) + ".swift"
  }

  /// Every fenced block of `markdown`, with the snippet markers before it.
  static func blocks(guide: String, markdown: String) throws(Failure) -> [Block] {
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var blocks: [Block] = []
    var markers = Markers()
    var index = 0
    while index < lines.count {
      let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("<!-- snippet") {
        index = try readMarker(lines, from: index, guide: guide, into: &markers)
        continue
      }
      if trimmed.hasPrefix("```") {
        let start = index
        var block: [String] = []
        index += 1
        while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
          block.append(lines[index])
          index += 1
        }
        guard index < lines.count else {
          throw Failure("\(guide):\(start + 1): the \(trimmed) block is never closed.")
        }
        blocks.append(Block(language: String(trimmed.dropFirst(3)), lines: block, line: start + 1, markers: markers))
        markers = Markers()
        index += 1
        continue
      }
      if !trimmed.isEmpty { markers = Markers() }
      index += 1
    }
    return blocks
  }

  /// The `DocSnippets` source file for a guide.
  static func swiftFile(guide: String, markdown: String) throws(Failure) -> String {
    var imports: Set<String> = ["import Baton", "import Foundation", "import RickAndMortyAPI"]
    var conditionalImports: [String: Set<String>] = [:]
    var bodies: [String] = []
    let swift = try blocks(guide: guide, markdown: markdown).filter { $0.language == "swift" && !$0.markers.manifest }
    for (number, block) in zip(1..., swift) {
      for line in block.lines where line.hasPrefix("import ") {
        // URLSession's types are FoundationNetworking's on Linux and Foundation's on Apple
        // platforms, so a guide's `import FoundationNetworking` holds only where it exists.
        if line == "import FoundationNetworking" {
          conditionalImports["canImport(FoundationNetworking)", default: []].insert(line)
        } else if let condition = block.markers.condition {
          conditionalImports[condition, default: []].insert(line)
        } else {
          imports.insert(line)
        }
      }
      let code = block.lines.filter { !$0.hasPrefix("import ") }
      bodies.append(render(code, guide: guide, line: block.line, number: number, markers: block.markers))
    }
    let header = [
      "// Extracted from Documentation/\(guide) by DocSnippetsTests: do not edit.",
      "// BATON_UPDATE_SNIPPETS=1 swift test --filter DocSnippetsTests rewrites it.",
    ]
    let conditional = conditionalImports.sorted { $0.key < $1.key }.flatMap { condition, lines in
      ["#if \(condition)"] + lines.subtracting(imports).sorted() + ["#endif"]
    }
    return (header + imports.sorted() + conditional).joined(separator: "\n") + "\n" + bodies.map { "\n" + $0 }.joined()
  }

  /// Reads one `<!-- snippet ... -->` comment starting at `index`; returns the line after it.
  static func readMarker(_ lines: [String], from index: Int, guide: String, into markers: inout Markers) throws(Failure) -> Int {
    let first = lines[index].trimmingCharacters(in: .whitespaces)
    let rest = first.dropFirst("<!-- snippet".count).trimmingCharacters(in: .whitespaces)
    switch rest {
    case "top-level -->":
      markers.topLevel = true
      return index + 1
    case "manifest -->":
      markers.manifest = true
      return index + 1
    case "prelude":
      var next = index + 1
      while next < lines.count, lines[next].trimmingCharacters(in: .whitespaces) != "-->" {
        markers.prelude.append(lines[next])
        next += 1
      }
      guard next < lines.count else { throw Failure("\(guide):\(index + 1): the snippet prelude is never closed.") }
      return next + 1
    case _ where rest.hasPrefix("condition:") && rest.hasSuffix("-->"):
      markers.condition = rest.dropFirst("condition:".count).dropLast("-->".count).trimmingCharacters(in: .whitespaces)
      return index + 1
    case _ where rest.hasPrefix("parameters:") && rest.hasSuffix("-->"):
      markers.parameters = rest.dropFirst("parameters:".count).dropLast("-->".count).trimmingCharacters(in: .whitespaces)
      return index + 1
    default:
      throw Failure(
        "\(guide):\(index + 1): unknown snippet marker \"\(first)\"; use parameters:, prelude, top-level, manifest or condition:.")
    }
  }

  static func render(_ code: [String], guide: String, line: Int, number: Int, markers: Markers) -> String {
    let location = "// \(guide):\(line)\n"
    let rendered: String
    if markers.topLevel {
      rendered = code.joined(separator: "\n") + "\n"
    } else {
      let body = (markers.prelude + code).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
      rendered = "func \(functionPrefix(guide))Snippet\(number)(\(markers.parameters)) async throws {\n" + body + "\n}\n"
    }
    guard let condition = markers.condition else { return location + rendered }
    return location + "#if \(condition)\n" + rendered + "#endif\n"
  }

  /// `My-Guide.md` -> `myGuide`: a guide's name as the start of a Swift identifier.
  static func functionPrefix(_ guide: String) -> String {
    let joined = guide.dropLast(".md".count).split { !$0.isLetter && !$0.isNumber }.joined()
    guard let first = joined.first else { return "guide" }
    return first.lowercased() + joined.dropFirst()
  }
}
