import BatonCodegen
import Testing

/// `@required(action: THROW)` (ARCHITECTURE.md §7): the field is `T` and its accessor throws; the
/// spread of a fragment holding one does not throw and is not optional for it; under a
/// `@catch` the catch takes the null, so the accessor is a plain one.
struct RequiredThrowEmitTests {
  static let document = """
    query Q($id: ID!) {
      character(id: $id) {
        id
        origin @catch { name dimension @required(action: THROW) }
        location { dimension @required(action: THROW) }
        ...F
      }
    }
    fragment F on Character { origin @required(action: THROW) { name } }
    """

  static func generated() throws -> [String: String] {
    let schema = RepositoryFiles.text("Tools/test-server/schema.graphql") ?? ""
    let config = BatonConfig(file: "baton.json", schema: ["schema.graphql"], documents: ["*.graphql"], output: "", namespace: "API")
    let files = try Generator.generate(
      schemaFiles: [("schema.graphql", schema)], documentFiles: [("Q.graphql", document)], config: config)
    return Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
  }

  @Test func theAccessorThrowsTheFailureAndTheTypeIsNonOptional() throws {
    let query = try #require(try Self.generated()["API.QQuery.swift"])
    #expect(query.contains("""
      public var dimension: Swift.String {
                  get throws(BatonNormalizer.ReadFailure) { try (_data[2].requiredValue().stringValue ?? "") }
                }
      """))
    #expect(query.components(separatedBy: "get throws").count == 2)
  }

  @Test func underACatchTheAccessorDoesNotThrow() throws {
    let query = try #require(try Self.generated()["API.QQuery.swift"])
    #expect(query.contains(#"public var dimension: Swift.String { __read.string(3) }"#))
  }

  @Test func aFragmentsThrowingFieldLeavesItsSpreadPlain() throws {
    let files = try Self.generated()
    let query = try #require(files["API.QQuery.swift"])
    let fragment = try #require(files["API.F.swift"])
    #expect(query.contains("public var f: API.F {\n"))
    #expect(fragment.contains("""
      public var origin: Origin {
            get throws(BatonNormalizer.ReadFailure) { try Origin(_data: _data[1].requiredValue().objectValue ?? API.emptyObject, _source: _source) }
      """))
  }
}
