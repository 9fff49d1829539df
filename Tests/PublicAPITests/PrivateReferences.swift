import Foundation

/// A place in a comment or a guide that points at something a reader of the repository cannot
/// open: the team's former design document, a work session, one of this project's issue
/// numbers, or a path on the machine it was written on. The code cites ARCHITECTURE.md's
/// sections instead, says why in words, and leaves the history to git.
struct PrivateReference: Equatable, CustomStringConvertible {
  enum Kind: String {
    case designDocument = "a section of the design document"
    case session = "a work session"
    case issueNumber = "an issue number of this project"
    case machinePath = "a path on a machine"
  }

  /// 1-based.
  let line: Int
  let kind: Kind
  /// What matched, as written.
  let text: String

  var description: String { "\(line): \(kind.rawValue) (\"\(text)\")" }
}

/// Finds the ``PrivateReference``s in a Swift file's comments and in a Markdown file.
///
/// The rules, each over the text a reader sees:
/// - the design document: `DESIGN` followed by `.md`, or by `§` (with or without a space) and
///   its number;
/// - a session: the word `session` or `sessions`, either case, then a space and a number;
/// - a machine path: a path from the root folder through `work`, `tmp`, `root` or `home`, not
///   inside a URL or a longer name;
/// - an issue number: `#` and digits standing alone, or `issue`, `PR` or `pull request` then a
///   number, outside code spans and code blocks (a defer label such as `query Hero #2` is
///   code), unless the word right before it names another project: one with a `-` or a `/`
///   in it (`apollo-ios #842`, `graphql-spec PR 1163`) or one of ``otherProjects``.
enum PrivateReferences {
  /// Projects whose issues a comment may cite by number though their names have no `-` or `/`.
  static let otherProjects: Set<String> = ["relay", "apollo", "swift", "swiftpm", "graphql", "foundation", "llvm"]

  /// Each rule with the words a line must hold for its pattern to be tried: most lines hold
  /// none, and a substring search costs far less than a regular expression.
  static let everywhere: [(kind: PrivateReference.Kind, words: [String], expression: NSRegularExpression)] = [
    (.designDocument, ["DESIGN"], pattern(#"\bDESIGN(?:\.md\b| ?§[0-9]*)"#)),
    (.session, ["ession"], pattern(#"\b[Ss]essions? [0-9]+"#)),
    (.machinePath, ["/work", "/tmp", "/root", "/home"], pattern(#"(?<![\w.~/:-])/(?:work|tmp|root|home)(?![\w.-])"#)),
  ]

  static let issueNumbers: [(words: [String], expression: NSRegularExpression)] = [
    (["#"], pattern(#"(?<![\w&#/])#[0-9]+(?!\w)"#)),
    (["ssue", "PR", "ull request"], pattern(#"\b(?:[Ii]ssues?|PRs?|[Pp]ull requests?) [0-9]+(?:[-–][0-9]+)?\b"#)),
  ]

  static func pattern(_ source: String) -> NSRegularExpression {
    // The patterns are this file's constants; a typo in one fails every test that uses it.
    guard let expression = try? NSRegularExpression(pattern: source) else {
      preconditionFailure("bad pattern \(source)")
    }
    return expression
  }

  /// The references in a Swift file's comments (`//`, `///`, `/* */`); string literals and
  /// code are not read.
  static func inSwift(_ source: String) -> [PrivateReference] {
    SwiftComments.lines(of: source).flatMap { line, comment in
      references(in: comment, line: line, prose: CodeSpans.removed(from: comment))
    }
  }

  /// The references in a Markdown file: every line for the design document, sessions and
  /// machine paths; its prose outside code spans and fenced blocks for issue numbers.
  static func inMarkdown(_ source: String) -> [PrivateReference] {
    var inFence = false
    var found: [PrivateReference] = []
    for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let text = String(line)
      let isFence = text.trimmingCharacters(in: .whitespaces).hasPrefix("```")
        || text.trimmingCharacters(in: .whitespaces).hasPrefix("~~~")
      if isFence { inFence.toggle() }
      let prose = inFence || isFence ? "" : CodeSpans.removed(from: text)
      found += references(in: text, line: index + 1, prose: prose)
    }
    return found
  }

  static func references(in text: String, line: Int, prose: String) -> [PrivateReference] {
    var found: [PrivateReference] = []
    for (kind, words, expression) in everywhere where words.contains(where: text.contains) {
      found += matches(of: expression, in: text).map { PrivateReference(line: line, kind: kind, text: $0.text) }
    }
    for (words, expression) in issueNumbers where words.contains(where: prose.contains) {
      found += matches(of: expression, in: prose)
        .filter { !namesAnotherProject(prose[prose.startIndex..<$0.start]) }
        .map { PrivateReference(line: line, kind: .issueNumber, text: $0.text) }
    }
    return found
  }

  /// Whether the word right before a number (one space apart) is another project's name.
  static func namesAnotherProject(_ before: Substring) -> Bool {
    guard before.hasSuffix(" ") else { return false }
    let word = before.dropLast().reversed().prefix { !$0.isWhitespace && $0 != "(" && $0 != "[" && $0 != "`" }
    let name = String(word.reversed())
    return name.contains("-") || name.contains("/") || otherProjects.contains(name.lowercased())
  }

  static func matches(of expression: NSRegularExpression, in text: String) -> [(start: String.Index, text: String)] {
    expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
      Range(match.range, in: text).map { ($0.lowerBound, String(text[$0])) }
    }
  }
}

/// Inline code spans of Markdown (and of doc comments), blanked so that what they quote is not
/// read as prose.
enum CodeSpans {
  /// `text` with every backtick-delimited span replaced by spaces; an unclosed run of
  /// backticks is left as it is, as Markdown does.
  static func removed(from text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "`") {
      result += rest[..<open]
      let fence = rest[open...].prefix { $0 == "`" }
      let body = rest[fence.endIndex...]
      guard let close = body.range(of: String(fence)) else {
        result += rest[open...]
        return result
      }
      result += String(repeating: " ", count: rest.distance(from: open, to: close.upperBound))
      rest = rest[close.upperBound...]
    }
    return result + rest
  }
}

/// The comments of a Swift source file, line by line, found by a small lexer that knows
/// string literals (plain, raw and multi-line) and nested block comments, so that a `//` in a
/// URL string or a `#1` in a string is not taken for a comment.
enum SwiftComments {
  enum State {
    case code
    case blockComment(depth: Int)
    case multilineString(hashes: Int)
  }

  /// Each line's comment text (1-based line numbers), for lines that have any.
  ///
  /// Works on UTF-8 bytes: every delimiter is ASCII, and a byte never starts a delimiter
  /// inside a multi-byte character.
  static func lines(of source: String) -> [(line: Int, text: String)] {
    var state = State.code
    var result: [(line: Int, text: String)] = []
    for (index, line) in source.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
      let bytes = Array(line)
      var comment: [UInt8] = []
      var position = 0
      while position < bytes.count {
        switch state {
        case .blockComment(let depth):
          if starts(bytes, at: position, with: Self.blockEnd) {
            state = depth > 1 ? .blockComment(depth: depth - 1) : .code
            position += 2
          } else if starts(bytes, at: position, with: Self.blockStart) {
            state = .blockComment(depth: depth + 1)
            position += 2
          } else {
            comment.append(bytes[position])
            position += 1
          }
        case .multilineString(let hashes):
          if starts(bytes, at: position, with: Self.tripleQuote + Array(repeating: Self.hash, count: hashes)) {
            state = .code
            position += 3 + hashes
          } else {
            position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
          }
        case .code:
          if starts(bytes, at: position, with: Self.lineComment) {
            comment += bytes[(position + 2)...]
            position = bytes.count
          } else if starts(bytes, at: position, with: Self.blockStart) {
            state = .blockComment(depth: 1)
            position += 2
          } else if let hashes = stringOpening(bytes, at: position) {
            if starts(bytes, at: position + hashes, with: Self.tripleQuote) {
              state = .multilineString(hashes: hashes)
              position += hashes + 3
            } else {
              position = endOfString(bytes, from: position + hashes + 1, hashes: hashes)
            }
          } else {
            position += 1
          }
        }
      }
      if !comment.isEmpty { result.append((index + 1, String(decoding: comment, as: UTF8.self))) }
    }
    return result
  }

  static let lineComment = Array("//".utf8)
  static let blockStart = Array("/*".utf8)
  static let blockEnd = Array("*/".utf8)
  static let tripleQuote = Array("\"\"\"".utf8)
  static let hash = UInt8(ascii: "#")

  static func starts(_ bytes: [UInt8], at position: Int, with prefix: [UInt8]) -> Bool {
    position + prefix.count <= bytes.count && bytes[position..<(position + prefix.count)].elementsEqual(prefix)
  }

  /// The number of `#`s before a `"` that opens a string at `position`.
  static func stringOpening(_ bytes: [UInt8], at position: Int) -> Int? {
    var hashes = 0
    while position + hashes < bytes.count && bytes[position + hashes] == hash { hashes += 1 }
    guard position + hashes < bytes.count, bytes[position + hashes] == UInt8(ascii: "\"") else { return nil }
    return hashes
  }

  /// The position after a one-line string's closing quote (and its `#`s), or the line's end.
  static func endOfString(_ bytes: [UInt8], from start: Int, hashes: Int) -> Int {
    let closing = [UInt8(ascii: "\"")] + Array(repeating: hash, count: hashes)
    var position = start
    while position < bytes.count {
      if hashes == 0 && bytes[position] == UInt8(ascii: "\\") {
        position += 2
      } else if starts(bytes, at: position, with: closing) {
        return position + closing.count
      } else {
        position += 1
      }
    }
    return bytes.count
  }
}
