import Foundation

/// Turns a guide's ```swift blocks into one Swift file of the `DocSnippets` target.
///
/// The convention (also in Documentation/README.md):
/// - each block becomes the body of `func <guide>Snippet<N>() async throws`, so it may
///   `try` and `await`; its `import` lines move to the top of the file;
/// - `<!-- snippet parameters: a: A, b: B -->` before a block gives the function those
///   parameters: values the reader is assumed to have (an environment, a handle);
/// - `<!-- snippet prelude` ... `-->` before a block puts hidden lines before its body;
/// - `<!-- snippet top-level -->` puts the block at file scope (types, extensions, tests);
/// - every value a block makes must be used (or assigned to `_`): the build has
///   warnings as errors.
enum DocSnippetExtractor {
  struct Failure: Error, Equatable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  /// `Directives.md` -> `Directives.swift`.
  static func fileName(guide: String) -> String {
    String(guide.dropLast(".md".count)) + ".swift"
  }

  static func swiftFile(guide: String, markdown: String) throws(Failure) -> String {
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var imports: Set<String> = ["import Baton", "import Foundation"]
    var bodies: [String] = []
    var markers = Markers()
    var index = 0
    var count = 0
    while index < lines.count {
      let line = lines[index]
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("<!-- snippet") {
        index = try markers.read(lines, from: index, guide: guide)
        continue
      }
      if trimmed.hasPrefix("```") {
        let start = index
        let isSwift = trimmed == "```swift"
        var block: [String] = []
        index += 1
        while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
          block.append(lines[index])
          index += 1
        }
        guard index < lines.count else {
          throw Failure("\(guide):\(start + 1): the \(trimmed) block is never closed.")
        }
        index += 1
        if isSwift {
          count += 1
          for line in block where line.hasPrefix("import ") { imports.insert(line) }
          let code = block.filter { !$0.hasPrefix("import ") }
          bodies.append(render(code, guide: guide, line: start + 1, number: count, markers: markers))
        }
        markers = Markers()
        continue
      }
      if !trimmed.isEmpty { markers = Markers() }
      index += 1
    }
    let header = [
      "// Extracted from Documentation/\(guide) by DocSnippetsTests: do not edit.",
      "// BATON_UPDATE_SNIPPETS=1 swift test --filter DocSnippetsTests rewrites it.",
    ]
    return (header + imports.sorted()).joined(separator: "\n") + "\n" + bodies.map { "\n" + $0 }.joined()
  }

  /// What the comments before a block say about it.
  struct Markers {
    var parameters = ""
    var prelude: [String] = []
    var topLevel = false

    /// Reads one `<!-- snippet ... -->` comment starting at `index`; returns the line after it.
    mutating func read(_ lines: [String], from index: Int, guide: String) throws(Failure) -> Int {
      let first = lines[index].trimmingCharacters(in: .whitespaces)
      let rest = first.dropFirst("<!-- snippet".count).trimmingCharacters(in: .whitespaces)
      if rest == "top-level -->" {
        topLevel = true
        return index + 1
      }
      if rest.hasPrefix("parameters:"), rest.hasSuffix("-->") {
        parameters = rest.dropFirst("parameters:".count).dropLast("-->".count).trimmingCharacters(in: .whitespaces)
        return index + 1
      }
      if rest == "prelude" {
        var next = index + 1
        while next < lines.count, lines[next].trimmingCharacters(in: .whitespaces) != "-->" {
          prelude.append(lines[next])
          next += 1
        }
        guard next < lines.count else { throw Failure("\(guide):\(index + 1): the snippet prelude is never closed.") }
        return next + 1
      }
      throw Failure("\(guide):\(index + 1): unknown snippet marker \"\(first)\"; use parameters:, prelude or top-level.")
    }
  }

  static func render(_ code: [String], guide: String, line: Int, number: Int, markers: Markers) -> String {
    let location = "// \(guide):\(line)\n"
    if markers.topLevel { return location + code.joined(separator: "\n") + "\n" }
    let body = (markers.prelude + code).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
    return location + "func \(functionPrefix(guide))Snippet\(number)(\(markers.parameters)) async throws {\n" + body + "\n}\n"
  }

  /// `My-Guide.md` -> `myGuide`: a guide's name as the start of a Swift identifier.
  static func functionPrefix(_ guide: String) -> String {
    let words = guide.dropLast(".md".count).split { !$0.isLetter && !$0.isNumber }
    let joined = words.map { String($0) }.joined()
    guard let first = joined.first else { return "guide" }
    return first.lowercased() + joined.dropFirst()
  }
}
