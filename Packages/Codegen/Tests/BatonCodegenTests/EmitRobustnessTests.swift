import BatonCodegen
import Foundation
import Testing

/// No input crashes the generator: damaged documents and schemas give errors, never a trap.
struct EmitRobustnessTests {
  static let schema = RepositoryFiles.text("Tools/test-server/schema.graphql") ?? ""
  static let document = """
    query Q($id: ID!, $filter: CharacterFilter) @throwOnFieldError {
      character(id: $id) { id name @required(action: LOG) origin @catch { name } ...F }
      characters(filter: $filter) { results { ... on Character { id } } }
      search(text: "x") { ... on Location { name } ... on Episode { code } }
    }
    fragment F on Node { id ... on Character { species } }
    """
  static let config = BatonConfig(file: "baton.json", schema: ["schema.graphql"], documents: ["*.graphql"], output: "", namespace: "API")

  /// Deterministic damage: every cut of a window of the text, for windows of 1 to 3 bytes
  /// at a stride, so the test is the same on every run.
  static var damaged: [String] {
    let bytes = Array(document.utf8)
    var cases: [String] = []
    for width in 1...3 {
      for start in stride(from: 0, to: bytes.count - width, by: 7) {
        cases.append(String(decoding: bytes[..<start] + bytes[(start + width)...], as: UTF8.self))
      }
    }
    return cases
  }

  @Test func damagedDocumentsGiveErrorsOrCode() {
    var errors = 0
    for text in Self.damaged {
      do {
        let files = try Generator.generate(
          schemaFiles: [("schema.graphql", Self.schema)], documentFiles: [("Q.graphql", text)], config: Self.config)
        #expect(!files.isEmpty)
      } catch {
        errors += 1
        #expect(error.errors.allSatisfy { $0.description.contains("error:") })
      }
    }
    #expect(errors > 0)
  }

  @Test func damagedSchemasGiveErrors() {
    let bytes = Array(Self.schema.utf8)
    for start in stride(from: 0, to: bytes.count - 2, by: 97) {
      let text = String(decoding: bytes[..<start] + bytes[(start + 2)...], as: UTF8.self)
      do {
        _ = try Generator.generate(
          schemaFiles: [("schema.graphql", text)], documentFiles: [("Q.graphql", Self.document)], config: Self.config)
      } catch {
        #expect(!error.errors.isEmpty)
      }
    }
  }

  @Test func introspectionThatIsNotJSONIsAnError() {
    #expect(throws: CodegenErrors.self) {
      _ = try Generator.generate(
        schemaFiles: [("schema.json", "{ not json")], documentFiles: [("Q.graphql", Self.document)], config: Self.config)
    }
  }

  @Test func theCombinedFileHoistsImportsAndKeepsEveryDeclaration() throws {
    let files = try Generator.generate(
      schemaFiles: [("schema.graphql", Self.schema)], documentFiles: [("Q.graphql", Self.document)], config: Self.config)
    let combined = CombinedFile.text(files)
    #expect(combined.hasPrefix(Generator.header + "\n\nimport BatonNormalizer\nimport BatonStore\n\n"))
    #expect(combined.components(separatedBy: "import BatonNormalizer").count == 2)
    #expect(combined.contains("public struct QQuery: BatonStore.GraphQLOperation"))
    #expect(combined.contains("public struct F: BatonStore.GraphQLFragment"))
  }
}
