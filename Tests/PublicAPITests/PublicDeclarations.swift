import Foundation
import TestPrerequisites

/// The `public` declarations of a module, read from its sources: what the module's users
/// can name. A line-based reading suffices because the codebase is formatted one
/// declaration a line; it is checked here against the modules, not offered as a parser.
struct PublicDeclarations {
  struct Declaration {
    /// `struct`, `enum`, `func`, `var`, …
    let kind: String
    let name: String
    /// Declared at file scope, outside any type or extension.
    let isTopLevel: Bool
    let isDocumented: Bool
    /// `File.swift:line`, for messages.
    let place: String
  }

  static let repositoryRoot = Prerequisite.root

  /// The folder of each module's sources.
  static let folders = [
    "Baton": "Sources/Baton",
    "BatonStore": "Packages/Store/Sources/BatonStore",
    "BatonTransport": "Packages/Transport/Sources/BatonTransport",
    "BatonImage": "Packages/Image/Sources/BatonImage",
    "BatonHeal": "Packages/Heal/Sources/BatonHeal",
    "BatonTesting": "Packages/Testing/Sources/BatonTesting",
    "BatonNormalizer": "Packages/Normalizer/Sources/BatonNormalizer",
    "BatonCodegen": "Packages/Codegen/Sources/BatonCodegen",
  ]

  let declarations: [Declaration]

  init(module: String) throws {
    let folder = Self.repositoryRoot.appendingPathComponent(Self.folders[module] ?? module)
    var found: [Declaration] = []
    for file in Self.swiftFiles(in: folder) {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      found += Self.declarations(in: text, file: file)
    }
    declarations = found
  }

  /// The Swift files below `folder`, as paths relative to it, sorted.
  static func swiftFiles(in folder: URL) -> [String] {
    (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
      .filter { $0.hasSuffix(".swift") }.sorted()
  }

  /// The names of the module's top-level types.
  var typeNames: Set<String> {
    Set(declarations.filter { $0.isTopLevel && Self.typeKinds.contains($0.kind) }.map(\.name))
  }

  static let typeKinds: Set<String> = ["struct", "enum", "class", "actor", "protocol", "typealias"]
  static let kinds = typeKinds.union(["func", "var", "let", "init", "subscript", "case"])
  static let modifiers: Set<String> = [
    "public", "final", "static", "nonisolated", "indirect", "mutating", "override", "convenience", "required",
    "@discardableResult", "@inlinable", "@MainActor", "@Sendable",
  ]

  static func declarations(in text: String, file: String) -> [Declaration] {
    var result: [Declaration] = []
    var depth = 0
    var documented = false
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("///") {
        documented = true
        continue
      }
      if trimmed.hasPrefix("public ") || trimmed.hasPrefix("@") && trimmed.contains(" public ") {
        let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ":" || $0 == "<" || $0 == "{" })
          .map(String.init)
        if let kindIndex = words.firstIndex(where: { kinds.contains($0) }),
          words[..<kindIndex].allSatisfy({ modifiers.contains($0) || $0.hasPrefix("@") })
        {
          let kind = words[kindIndex]
          let name = kind == "init" || kind == "subscript" ? kind : words.dropFirst(kindIndex + 1).first ?? ""
          result.append(
            Declaration(
              kind: kind, name: name, isTopLevel: depth == 0, isDocumented: documented,
              place: "\(file):\(index + 1)"))
        }
      }
      let attributeOnly = trimmed.hasPrefix("@") && !trimmed.contains("public ")
      if !attributeOnly { documented = false }
      depth += Self.braceBalance(trimmed)
    }
    return result
  }

  /// `{` minus `}` outside string literals and comments.
  static func braceBalance(_ line: String) -> Int {
    var balance = 0
    var inString = false
    var previous: Character = " "
    for character in line {
      if character == "\"" && previous != "\\" { inString.toggle() }
      if !inString {
        if character == "/" && previous == "/" { break }
        if character == "{" { balance += 1 }
        if character == "}" { balance -= 1 }
      }
      previous = character
    }
    return balance
  }
}
