import Foundation
import Testing

/// The DocC catalogs a user reads in Xcode: the umbrella's articles are the guides, its
/// symbol links name real declarations, and no doc comment sends the reader to a design
/// document they do not have.
struct DocCatalogTests {
  static let root = PublicDeclarations.repositoryRoot

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func everyGuideIsAnArticleOfTheUmbrellasCatalog() throws {
    let guides = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Documentation").path)
      .filter { $0.hasSuffix(".md") }.sorted()
    #expect(guides.count >= 8)
    let landing = try Self.text("Sources/Baton/Baton.docc/Baton.md")
    for guide in guides {
      #expect(try Self.text("Sources/Baton/Baton.docc/" + guide) == Self.text("Documentation/" + guide), "\(guide) is not an article")
      #expect(landing.contains("<doc:\(guide.dropLast(3))>"), "Baton.md's topics do not list \(guide)")
    }
  }

  /// ``Name`` or ``name(_:label:)``: the declared name before any signature.
  static func symbolLinks(_ text: String) -> [String] {
    var inCode = false
    let prose = text.split(separator: "\n").filter { line in
      if line.hasPrefix("```") { inCode.toggle() }
      return !inCode && !line.hasPrefix("```")
    }.joined(separator: "\n")
    return prose.components(separatedBy: "``").enumerated().filter { $0.offset % 2 == 1 }
      .map { String($0.element.prefix { $0 != "(" && $0 != "/" }) }
  }

  @Test(arguments: [
    ("Sources/Baton/Baton.docc/Baton.md", ["Baton", "BatonTransport", "BatonStore", "BatonImage", "BatonHeal"]),
    ("Packages/GraphQLSyntax/Sources/GraphQLSyntax/GraphQLSyntax.docc/GraphQLSyntax.md", ["Packages/GraphQLSyntax/Sources/GraphQLSyntax"]),
    ("Packages/Codegen/Sources/BatonCodegen/BatonCodegen.docc/BatonCodegen.md", ["BatonCodegen"]),
  ])
  func symbolLinksNameTopLevelPublicDeclarations(_ catalog: String, _ modules: [String]) throws {
    let declared = try Set(modules.flatMap { try PublicDeclarations(module: $0).declarations.filter(\.isTopLevel).map(\.name) })
    let links = Self.symbolLinks(try Self.text(catalog))
    #expect(links.count > 10)
    let module = catalog.split(separator: "/").last.map { String($0.dropLast(3)) }
    let unknown = links.filter { $0 != module && !declared.contains($0) }
    #expect(unknown.isEmpty, "\(catalog) links to \(unknown), which its modules do not declare")
  }

  @Test(arguments: ["Sources", "Packages/GraphQLSyntax/Sources", "Packages/Normalizer/Sources", "Packages/Transport/Sources",
    "Packages/Store/Sources",
    "Packages/Image/Sources", "Packages/Heal/Sources", "Packages/Codegen/Sources", "Packages/Testing/Sources"])
  func noDocCommentCitesTheDesignDocument(_ folder: String) throws {
    let base = Self.root.appendingPathComponent(folder)
    var citing: [String] = []
    for file in PublicDeclarations.swiftFiles(in: base) {
      let lines = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8).split(separator: "\n")
      for (index, line) in lines.enumerated() where line.contains("///") && line.contains("DESIGN") {
        citing.append("\(file):\(index + 1)")
      }
    }
    #expect(citing.isEmpty, "doc comments cite the former design document, which users do not have: \(citing)")
  }
}
