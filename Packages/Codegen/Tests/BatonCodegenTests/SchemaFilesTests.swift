import BatonCodegen
import Foundation
import TestPrerequisites
import Testing

/// baton.json's `schema` list: SDL files, or a server's introspection result with the
/// client's SDL extension files beside it.
struct SchemaFilesTests {
  static let introspection = RepositoryFiles.url(".cache/graphql_core-3.3.2/tests/fixtures/github_schema.json")
  static let config = BatonConfig(file: "baton.json", schema: [], documents: [], output: "", namespace: "GitHub")
  static let document = """
    query Issue($owner: String!, $name: String!) {
      repository(owner: $owner, name: $name) { description issue(number: 1) { number title } }
    }
    """

  static func introspectionFile() throws -> (name: String, text: String) {
    ("github_schema.json", String(decoding: try Data(contentsOf: introspection), as: UTF8.self))
  }

  @Test(.requires(.graphQLCoreFixtures)) func extensionsApplyToAnIntrospectionResult() throws {
    let extensions = """
      directive @key(fields: String!) on OBJECT | INTERFACE
      extend type Issue @key(fields: "number")
      extend type Repository @semanticNonNullField(name: "description")
      """
    let files = try Generator.generate(
      schemaFiles: [try Self.introspectionFile(), ("schema-extensions.graphql", extensions)],
      documentFiles: [("Issue.graphql", Self.document)], config: Self.config)
    let operation = try #require(files.first { $0.path.contains("IssueQuery") }).contents
    #expect(operation.contains(#"keyFields: ["Issue": ["number"]]"#))
    #expect(operation.contains(#"name: "description", type: BatonNormalizer.TypeReference("String", .scalar, [.semanticNonNull])"#))
  }

  @Test(.requires(.graphQLCoreFixtures)) func anIntrospectionResultAloneBuildsAsBefore() throws {
    let files = try Generator.generate(
      schemaFiles: [try Self.introspectionFile()], documentFiles: [("Issue.graphql", Self.document)], config: Self.config)
    let operation = try #require(files.first { $0.path.contains("IssueQuery") }).contents
    #expect(operation.contains(#"keyFields: ["Issue": ["id"]]"#))
    #expect(operation.contains(#"name: "description", type: BatonNormalizer.TypeReference("String", .scalar, [.nullable])"#))
  }

  @Test(.requires(.graphQLCoreFixtures)) func anExtensionOfAnUnknownTypeIsAnErrorInTheExtensionFile() throws {
    let json = try Self.introspectionFile()
    do {
      _ = try Generator.generate(
        schemaFiles: [json, ("schema-extensions.graphql", "extend type Nope @key(fields: \"id\")")],
        documentFiles: [("Issue.graphql", Self.document)], config: Self.config)
      Issue.record("an extension of a type the schema lacks built")
    } catch {
      #expect(error.errors.map(\.description).contains { $0.hasPrefix("schema-extensions.graphql:1:") })
    }
  }

  /// `baton generate` names every definition of a duplicate, as `baton check` does: the
  /// error at the redefinition, a note at the first.
  @Test func aDuplicateDefinitionNamesBothFiles() {
    do {
      _ = try Generator.generate(
        schemaFiles: [("a.graphql", "type Query { a: Int }"), ("b.graphql", "type Query { b: Int }")],
        documentFiles: [("Q.graphql", "{ a }")], config: Self.config)
      Issue.record("a schema with two Query types built")
    } catch {
      #expect(error.description == """
        b.graphql:1:6: error: There can be only one type named 'Query'.
        a.graphql:1:6: note: first defined here
        """)
    }
  }

  @Test(.requires(.graphQLCoreFixtures)) func twoIntrospectionResultsAreAnError() throws {
    let json = try Self.introspectionFile()
    do {
      _ = try Generator.generate(
        schemaFiles: [json, ("other.json", json.text)], documentFiles: [("Issue.graphql", Self.document)],
        config: Self.config)
      Issue.record("two introspection results built")
    } catch {
      #expect(error.errors.map(\.description) == [
        "other.json:1:1: error: A schema has one introspection result; github_schema.json is one already."
      ])
    }
  }
}
