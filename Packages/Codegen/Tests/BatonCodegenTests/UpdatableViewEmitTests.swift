import BatonCodegen
import Testing

/// An `@updatable` fragment gets an `Updatable` view: a typed property per field it selects
/// (scalars of the built-in types, enums, links by id, lists of links as arrays of ids), none for its
/// key fields or fields with arguments; the directive is not sent.
struct UpdatableViewEmitTests {
  static let schema = """
    type Query { character(id: ID!): Character }
    type Character { id: ID! name: String! age: Int score: Float alive: Boolean origin: Character friends: [Character!]! nickname(locale: String): String mood: Mood! }
    enum Mood { HAPPY SAD }
    """
  static let config = BatonConfig(file: "baton.json", schema: [], documents: [], output: "", namespace: "Local")

  static func files() throws -> [GeneratedFile] {
    try Generator.generate(
      schemaFiles: [("schema.graphql", schema)],
      documentFiles: [("Local.graphql", """
        fragment Editor on Character @updatable { id name age score alive origin { id } friends { id } nickname(locale: "fr") mood }
        query Q { character(id: 1) { ...Editor } }
        """)], config: config)
  }

  @Test func theViewHasATypedPropertyPerSelectedField() throws {
    let file = try #require(try Self.files().first { $0.path.hasSuffix("Local.Editor.swift") }).contents
    let start = try #require(file.range(of: "struct Updatable: BatonStore.UpdatableView {"))
    let fragment = String(file[start.lowerBound...])
    for declaration in [
      "var name: Swift.String? {", "var age: Swift.Int? {", "var score: Swift.Double? {", "var alive: Swift.Bool? {",
      "var origin: BatonNormalizer.RecordID? {", "var friends: [BatonNormalizer.RecordID] {",
    ] {
      #expect(fragment.contains(declaration), "\(declaration)")
    }
    #expect(fragment.contains(#"nonmutating set { __record.setLinks(newValue, forKey: "friends") }"#))
    // An enum goes through its raw value, so a value this build does not know survives.
    #expect(fragment.contains("var mood: Local.Mood? {"))
    #expect(fragment.contains(#"get { (__record.scalar("mood") as Swift.String?).map(Local.Mood.init(rawValue:)) }"#))
    #expect(fragment.contains(#"nonmutating set { __record.setScalar(newValue?.rawValue, forKey: "mood") }"#))
    #expect(!fragment.contains("var id: "))
    #expect(!fragment.contains("var nickname"))
  }

  @Test func theDirectiveIsNotSent() throws {
    let query = try #require(try Self.files().first { $0.path.hasSuffix("Query.swift") }).contents
    #expect(!query.contains("@updatable"))
  }
}
