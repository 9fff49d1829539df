import Foundation
import Testing

/// The runtime's public names as an app meets them: beside SwiftUI, Foundation and the
/// rest in one file, and through `import Baton`.
struct PublicNamesTests {
  static let runtimeModules = ["Baton", "BatonTransport", "BatonStore", "BatonImage", "BatonHeal", "BatonNormalizer", "BatonTesting"]

  /// `FrameworkTypeNames.txt` without its comments and headings.
  static func frameworkTypeNames() throws -> Set<String> {
    let text = try String(contentsOf: Self.file("FrameworkTypeNames.txt"), encoding: .utf8)
    return Set(text.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") })
  }

  static func file(_ name: String) -> URL {
    PublicDeclarations.repositoryRoot.appendingPathComponent("Tests/PublicAPITests/" + name)
  }

  @Test(arguments: runtimeModules)
  func noPublicTypeSharesANameWithAFrameworkType(_ module: String) throws {
    let frameworks = try Self.frameworkTypeNames()
    #expect(frameworks.contains("Environment") && frameworks.contains("Operation"), "the list lost its anchors")
    let clashes = try PublicDeclarations(module: module).typeNames.intersection(frameworks)
    #expect(clashes.isEmpty, "\(module) declares \(clashes.sorted()), which an app importing SwiftUI or Foundation already has")
  }

  /// The umbrella re-exports only the modules of the app's vocabulary, and aliases the few
  /// values of BatonNormalizer that app code names; the list changes only on purpose.
  /// `BATON_UPDATE_UMBRELLA_NAMES=1 swift test --filter PublicNamesTests` rewrites it.
  @Test func importBatonBringsTheCheckedInNames() throws {
    let umbrella = PublicDeclarations.repositoryRoot.appendingPathComponent("Sources/Baton/Baton.swift")
    let exported = try String(contentsOf: umbrella, encoding: .utf8).split(separator: "\n")
      .filter { $0.hasPrefix("@_exported import ") }.map { String($0.dropFirst("@_exported import ".count)) }
    #expect(!exported.contains("BatonNormalizer"), "the umbrella re-exports BatonNormalizer's internals")
    var lines: [String] = []
    for module in ["Baton"] + exported.sorted() {
      lines += try PublicDeclarations(module: module).typeNames.sorted().map { "\(module).\($0)" }
    }
    let listed = Self.file("UmbrellaNames.txt")
    let actual = lines.joined(separator: "\n") + "\n"
    if ProcessInfo.processInfo.environment["BATON_UPDATE_UMBRELLA_NAMES"] == "1" {
      try actual.write(to: listed, atomically: true, encoding: .utf8)
    }
    #expect(actual == (try? String(contentsOf: listed, encoding: .utf8)), "import Baton's names changed; BATON_UPDATE_UMBRELLA_NAMES=1 rewrites UmbrellaNames.txt")
  }

  /// BatonNormalizer's public names are the ones generated code, the guides and the other
  /// modules' public API need, and BatonCodegen's the ones the command-line tool and the
  /// benchmarks call; a name only the package's own modules use is `package`, so each list
  /// changes only on purpose.
  /// `BATON_UPDATE_PUBLIC_NAMES=1 swift test --filter PublicNamesTests` rewrites them.
  @Test(arguments: [("BatonNormalizer", "NormalizerNames.txt"), ("BatonCodegen", "CodegenNames.txt")])
  func publishesTheCheckedInNames(_ module: String, _ list: String) throws {
    let declarations = try PublicDeclarations(module: module)
    let functions = declarations.declarations.filter { $0.isTopLevel && $0.kind == "func" }.map(\.name)
    let actual = declarations.typeNames.union(functions).sorted().joined(separator: "\n") + "\n"
    let listed = Self.file(list)
    if ProcessInfo.processInfo.environment["BATON_UPDATE_PUBLIC_NAMES"] == "1" {
      try actual.write(to: listed, atomically: true, encoding: .utf8)
    }
    #expect(actual == (try? String(contentsOf: listed, encoding: .utf8)), "\(module)'s public names changed; BATON_UPDATE_PUBLIC_NAMES=1 rewrites \(list)")
  }

  @Test(arguments: ["Baton", "BatonTransport", "BatonStore", "BatonImage", "BatonHeal", "BatonTesting"])
  func everyPublicDeclarationIsDocumented(_ module: String) throws {
    let undocumented = try PublicDeclarations(module: module).declarations.filter { !$0.isDocumented }
    #expect(undocumented.isEmpty, "no /// before: \(undocumented.map { "\($0.place) \($0.kind) \($0.name)" })")
  }
}
