import Foundation

/// A path pattern of baton.json's `documents`: `*` matches within one path component,
/// `?` one character, `**` any number of whole components (also none), and every other
/// character itself. Patterns and paths use `/`.
package struct Glob: Sendable, Equatable {
  package let pattern: String
  private let components: [Substring]

  package init(_ pattern: String) {
    self.pattern = pattern
    self.components = pattern.split(separator: "/", omittingEmptySubsequences: true)
  }

  /// Whether `path` (relative, `/`-separated) matches the whole pattern.
  package func matches(_ path: String) -> Bool {
    let parts = path.split(separator: "/", omittingEmptySubsequences: true)
    return Self.match(components[...], parts[...])
  }

  /// The folder to start a search in: the pattern's leading components without wildcards.
  package var fixedPrefix: String {
    let fixed = components.prefix { !$0.contains("*") && !$0.contains("?") }
    return (pattern.hasPrefix("/") ? "/" : "") + fixed.joined(separator: "/")
  }

  /// The files under the file system that match, sorted; hidden folders and `.build` are skipped.
  package func files() -> [String] {
    let start = fixedPrefix
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: start.isEmpty ? "." : start, isDirectory: &isFolder) else { return [] }
    if !isFolder.boolValue { return matches(start) ? [start] : [] }
    guard let enumerator = FileManager.default.enumerator(atPath: start.isEmpty ? "." : start) else { return [] }
    var found: [String] = []
    while let relative = enumerator.nextObject() as? String {
      let name = (relative as NSString).lastPathComponent
      if name.hasPrefix(".") || name == ".build" {
        enumerator.skipDescendants()
        continue
      }
      let path = start.isEmpty ? relative : (start.hasSuffix("/") ? start + relative : start + "/" + relative)
      if matches(path) { found.append(path) }
    }
    return found.sorted()
  }

  private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
    guard let head = pattern.first else { return path.isEmpty }
    if head == "**" {
      let rest = pattern.dropFirst()
      var remaining = path
      while true {
        if match(rest, remaining) { return true }
        guard !remaining.isEmpty else { return false }
        remaining = remaining.dropFirst()
      }
    }
    guard let part = path.first, matchComponent(Array(head.unicodeScalars)[...], Array(part.unicodeScalars)[...]) else {
      return false
    }
    return match(pattern.dropFirst(), path.dropFirst())
  }

  /// `*` and `?` within one component, by backtracking over the last `*`.
  private static func matchComponent(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
    var p = pattern.startIndex
    var t = text.startIndex
    var star: (pattern: Int, text: Int)?
    while t < text.endIndex {
      if p < pattern.endIndex && (pattern[p] == "?" || pattern[p] == text[t]) && pattern[p] != "*" {
        p += 1
        t += 1
      } else if p < pattern.endIndex && pattern[p] == "*" {
        star = (p, t)
        p += 1
      } else if let last = star {
        p = last.pattern + 1
        t = last.text + 1
        star = (last.pattern, last.text + 1)
      } else {
        return false
      }
    }
    while p < pattern.endIndex && pattern[p] == "*" { p += 1 }
    return p == pattern.endIndex
  }
}
