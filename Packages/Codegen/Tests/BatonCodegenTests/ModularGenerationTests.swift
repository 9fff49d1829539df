import BatonCodegen
import Foundation
import Testing

/// Codegen for an app in modules: a schema module's baton.json (no `documents`) generates
/// every schema type once; a feature module's names it and the modules whose fragments it
/// spreads in `dependencies`, generates only its own definitions, and sends what one
/// target holding every document would.
struct ModularGenerationTests {
  static let schema = """
    scalar DateTime
    enum Episode { NEWHOPE EMPIRE JEDI }
    input ReviewInput { stars: Int! episode: Episode }
    input ShipFilter @oneOf { byName: String byID: ID }
    interface Node { id: ID! }
    union SearchResult = Hero | Ship
    type Query { hero(episode: Episode): Hero ship(filter: ShipFilter): Ship search: [SearchResult!]! }
    type Mutation { review(input: ReviewInput!): Hero }
    type Hero implements Node { id: ID! name: String! appearsIn: [Episode!]! born: DateTime nickname: String }
    type Ship implements Node { id: ID! name: String! }
    """
  static let heroes = """
    query Hero($episode: Episode) { hero(episode: $episode) { ...HeroSummary } }
    fragment HeroSummary on Hero { name appearsIn born }
    fragment HeroQuery on Hero { id }
    query Nodes { hero { ...HeroQuery } }
    """
  static let reviews = """
    query Review { hero { ...HeroSummary ...Nickname appearsIn } }
    fragment Nickname on Hero @catch { nickname }
    mutation Rate($input: ReviewInput!) { review(input: $input) { ...HeroSummary } }
    """

  /// A folder with the three modules' configurations: Schema (the schema module), Heroes
  /// and Reviews, which spreads Heroes's fragment. `reviews` replaces Reviews's baton.json.
  struct Workspace {
    let root: URL

    init(reviews: String? = nil, heroesExtra: String = "") throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent("baton-modular-\(UUID().uuidString)")
      try write("Schema/schema.graphql", ModularGenerationTests.schema)
      try write(
        "Schema/baton.json",
        #"{ "schema": "schema.graphql", "output": "Generated", "namespace": "StarWars", "module": "StarWarsSchema", "#
          + #""scalars": { "DateTime": "Foundation.Date" }, "keyFields": { "Hero": ["id"] } }"#)
      try write("Heroes/Heroes.graphql", ModularGenerationTests.heroes)
      try write(
        "Heroes/baton.json",
        #"{ "documents": "*.graphql", "output": "Generated", "namespace": "Heroes", "module": "HeroesFeature", "#
          + #""dependencies": ["../Schema/baton.json"]\#(heroesExtra) }"#)
      try write("Reviews/Reviews.graphql", ModularGenerationTests.reviews)
      try write(
        "Reviews/baton.json",
        reviews ?? #"{ "documents": "*.graphql", "output": "Generated", "namespace": "Reviews", "#
          + #""dependencies": ["../Schema/baton.json", "../Heroes/baton.json"] }"#)
    }

    func write(_ path: String, _ text: String) throws {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }

    func generation(_ module: String) throws -> Generation {
      try Generator.generation(config: BatonConfig.load(path: root.appendingPathComponent("\(module)/baton.json").path))
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
  }

  static func file(_ generation: Generation, _ path: String) throws -> String {
    try #require(generation.files.first { $0.path == path }, "no \(path) in \(generation.files.map(\.path))").contents
  }

  static func line(_ text: String, containing part: String) -> String? {
    text.split(separator: "\n").first { $0.contains(part) }.map(String.init)
  }

  @Test func aSchemaModuleGeneratesEverySchemaTypeAndThePossibleTypes() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let generation = try workspace.generation("Schema")
    #expect(generation.files.map(\.path) == [
      "StarWars.DateTime.swift", "StarWars.Episode.swift", "StarWars.ReviewInput.swift", "StarWars.ShipFilter.swift",
      "StarWars.swift",
    ])
    #expect(try Self.file(generation, "StarWars.Episode.swift").contains("case __unknown(Swift.String)"))
    #expect(try Self.file(generation, "StarWars.ShipFilter.swift").contains("public indirect enum ShipFilter"))
    #expect(try Self.file(generation, "StarWars.DateTime.swift").contains("public typealias DateTime = Foundation.Date"))
    let support = try Self.file(generation, "StarWars.swift")
    #expect(support.contains(#""Node": ["Hero", "Ship"],"#))
    #expect(support.contains(#""SearchResult": ["Hero", "Ship"],"#))
    // Feature modules' builders wrap the scalars in it, from another module.
    #expect(support.contains("public struct CustomScalarResponse<Scalar: CustomScalar>"))
    #expect(support.contains("public init(_ scalar: Scalar) {"))
  }

  @Test func aFeatureModuleUsesTheSchemaModulesTypesAndGeneratesNone() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let generation = try workspace.generation("Heroes")
    #expect(generation.files.map(\.path) == [
      "Heroes.HeroQuery.swift", "Heroes.HeroQuery_.swift", "Heroes.HeroSummary.swift", "Heroes.NodesQuery.swift", "Heroes.swift",
    ])
    let query = try Self.file(generation, "Heroes.HeroQuery.swift")
    #expect(query.contains("import StarWarsSchema\n"))
    #expect(query.contains("public var episode: Heroes.Input<StarWars.Episode>"))
    let fragment = try Self.file(generation, "Heroes.HeroSummary.swift")
    #expect(fragment.contains("public var appearsIn: [StarWars.Episode] {"))
    #expect(fragment.contains("public var born: StarWars.DateTime? {"))
    // The schema module's scalars hold here: the mapped type's module is imported.
    #expect(fragment.contains("import Foundation\n"))
    #expect(fragment.contains("StarWars.CustomScalarResponse("))
    let support = try Self.file(generation, "Heroes.swift")
    #expect(!support.contains("protocol CustomScalar"), "the scalars' protocol is the schema module's")
    #expect(!support.contains("possibleTypes"))
  }

  /// A spread of another module's fragment: its type is that module's (under the name that
  /// module gave it), only this module's definitions are generated, and the texts and ids
  /// are those of one target holding both modules' documents.
  @Test func aSpreadOfAnotherModulesFragmentSendsWhatOneTargetWould() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let reviews = try workspace.generation("Reviews")
    #expect(reviews.files.map(\.path) == [
      "Reviews.Nickname.swift", "Reviews.RateMutation.swift", "Reviews.ReviewQuery.swift", "Reviews.swift",
    ])
    let review = try Self.file(reviews, "Reviews.ReviewQuery.swift")
    #expect(review.contains("import HeroesFeature\n") && review.contains("import StarWarsSchema\n"))
    #expect(review.contains("public var heroSummary: Heroes.HeroSummary {"))
    #expect(review.contains("BatonNormalizer.FragmentSpread(Heroes.HeroSummary.fragment)"))
    #expect(review.contains("public var nickname: Swift.Result<Reviews.Nickname, Reviews.FieldErrors> {"))
    #expect(review.contains("public var appearsIn: [StarWars.Episode] {"))

    let single = try Generator.generation(
      schemaFiles: [("schema.graphql", Self.schema)], documentFiles: [("Heroes.graphql", Self.heroes), ("Reviews.graphql", Self.reviews)],
      config: BatonConfig(
        file: "baton.json", schema: [], documents: ["*.graphql"], output: "", namespace: "Reviews",
        scalars: ["DateTime": "Foundation.Date"], keyFields: ["Hero": ["id"]]))
    for (file, name) in [("Reviews.ReviewQuery.swift", "Reviews.ReviewQuery.swift"), ("Reviews.RateMutation.swift", "Reviews.RateMutation.swift")] {
      let modular = try Self.file(reviews, file)
      let whole = try Self.file(single, name)
      #expect(Self.line(modular, containing: "static let document") == Self.line(whole, containing: "static let document"))
      #expect(Self.line(modular, containing: "static let operationID") == Self.line(whole, containing: "static let operationID"))
    }
    #expect(Self.line(review, containing: "static let document")?.contains("fragment HeroSummary on Hero") == true)
  }

  /// A spread of another module's `@catch` or `@required` fragment has the type a spread
  /// of the same fragment defined locally has, in the other module's namespace.
  @Test func aDependencysCaughtOrRequiredFragmentReadsAsALocalOne() throws {
    let fragments = """
      fragment Caught on Hero @catch { nickname }
      fragment CaughtToNull on Hero @catch(to: NULL) { nickname }
      fragment Required on Hero { nickname @required(action: LOG) }
      query Own { hero { ...Caught ...CaughtToNull ...Required } }
      """
    let query = "query Spreads { hero { ...Caught ...CaughtToNull ...Required } }"
    let workspace = try Workspace()
    defer { workspace.remove() }
    try workspace.write("Heroes/Heroes.graphql", fragments)
    try workspace.write("Reviews/Reviews.graphql", query)
    let modular = try Self.file(workspace.generation("Reviews"), "Reviews.SpreadsQuery.swift")
    let single = try Self.file(
      Generator.generation(
        schemaFiles: [("schema.graphql", Self.schema)], documentFiles: [("Heroes.graphql", fragments), ("Reviews.graphql", query)],
        config: BatonConfig(file: "baton.json", schema: [], documents: ["*.graphql"], output: "", namespace: "Reviews")),
      "Reviews.SpreadsQuery.swift")
    for accessor in ["public var caught:", "public var caughtToNull:", "public var required:"] {
      let local = try #require(Self.line(single, containing: accessor))
      #expect(Self.line(modular, containing: accessor) == local.replacingOccurrences(of: "Reviews.Caught", with: "Heroes.Caught")
        .replacingOccurrences(of: "Reviews.Required", with: "Heroes.Required"))
    }
    #expect(modular.contains("public var caught: Swift.Result<Heroes.Caught, Reviews.FieldErrors> {"))
    #expect(modular.contains("public var caughtToNull: Heroes.CaughtToNull? {"))
    #expect(modular.contains("public var required: Heroes.Required? {"))
  }

  /// `Heroes` names its fragment `HeroQuery` `HeroQuery_` (its operation `Hero` took
  /// `HeroQuery`); a module spreading it uses that name.
  @Test func aDependencysFragmentKeepsTheNameItsModuleGaveIt() throws {
    let workspace = try Workspace(
      reviews: #"{ "documents": "*.graphql", "output": "Generated", "namespace": "Reviews", "dependencies": ["../Heroes/baton.json"] }"#)
    defer { workspace.remove() }
    try workspace.write("Reviews/Reviews.graphql", "query Ids { hero { ...HeroQuery } }")
    let ids = try Self.file(workspace.generation("Reviews"), "Reviews.IdsQuery.swift")
    #expect(ids.contains("public var heroQuery: Heroes.HeroQuery_ {"))
  }

  /// A module that names its `module` shares its fragments: one no operation of its own
  /// spreads is no error there, nor is a dependency's fragment this module does not spread.
  /// A fragment of its own that a module without `module` leaves unused still is.
  @Test func sharedFragmentsMayGoUnusedWhereTheyAreNotSpread() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    try workspace.write("Heroes/Heroes.graphql", "fragment HeroSummary on Hero { name } fragment HeroIDs on Hero { id }")
    #expect(try workspace.generation("Heroes").files.map(\.path) == ["Heroes.HeroIDs.swift", "Heroes.HeroSummary.swift", "Heroes.swift"])
    try workspace.write("Reviews/Reviews.graphql", "query Review { hero { ...HeroSummary } }")
    #expect(try workspace.generation("Reviews").files.map(\.path) == ["Reviews.ReviewQuery.swift", "Reviews.swift"])
    try workspace.write("Reviews/Reviews.graphql", "query Review { hero { ...HeroSummary } } fragment Own on Hero { id }")
    #expect {
      try workspace.generation("Reviews")
    } throws: { error in
      let text = (error as? CodegenErrors)?.description ?? ""
      return text.contains("Fragment 'Own' is never used.") && !text.contains("HeroIDs")
    }
  }

  @Test func validationSeesTheDependenciesDocuments() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    try workspace.write("Reviews/Reviews.graphql", "query Review { hero { ...HeroSummary ...Missing } }")
    #expect {
      try workspace.generation("Reviews")
    } throws: { error in
      let text = (error as? CodegenErrors)?.description ?? ""
      return text.contains("Unknown fragment 'Missing'") && !text.contains("HeroSummary")
    }
  }

  @Test func aDependencyWithoutAModuleOrInACycleIsAnError() throws {
    let workspace = try Workspace(
      reviews: #"{ "documents": "*.graphql", "output": "G", "namespace": "Reviews", "dependencies": ["../Plain/baton.json"] }"#)
    defer { workspace.remove() }
    try workspace.write("Plain/baton.json", #"{ "schema": "../Schema/schema.graphql", "documents": "*.graphql", "output": "G", "namespace": "Plain" }"#)
    try workspace.write("Plain/Plain.graphql", "fragment P on Hero { id }")
    #expect {
      try workspace.generation("Reviews")
    } throws: { error in
      (error as? CodegenErrors)?.description.contains(#"has no "module""#) == true
    }
    try workspace.write(
      "Heroes/baton.json",
      #"{ "documents": "*.graphql", "output": "G", "namespace": "Heroes", "module": "H", "dependencies": ["../Reviews/baton.json"] }"#)
    try workspace.write(
      "Reviews/baton.json",
      #"{ "documents": "*.graphql", "output": "G", "namespace": "Reviews", "module": "R", "dependencies": ["../Heroes/baton.json"] }"#)
    #expect {
      try workspace.generation("Reviews")
    } throws: { error in
      (error as? CodegenErrors)?.description.contains("must not form a cycle") == true
    }
  }

  @Test func readsTheModuleKeys() throws {
    let schema = try BatonConfig.decode(
      Array(#"{ "schema": "s.graphql", "output": "o", "namespace": "API", "module": "AppSchema" }"#.utf8),
      file: "baton.json", baseDirectory: "App")
    #expect(schema.generatesSchemaTypes && schema.module == "AppSchema" && schema.documents.isEmpty)
    let feature = try BatonConfig.decode(
      Array(#"{ "documents": "*.graphql", "output": "o", "namespace": "F", "dependencies": ["../App/baton.json"] }"#.utf8),
      file: "baton.json", baseDirectory: "Feature")
    #expect(!feature.generatesSchemaTypes && feature.schema.isEmpty && feature.dependencies == ["Feature/../App/baton.json"])
    #expect(throws: ConfigError.self) {
      try BatonConfig.decode(
        Array(#"{ "schema": "s", "documents": "d", "output": "o", "namespace": "N", "module": "a b" }"#.utf8),
        file: "baton.json", baseDirectory: "")
    }
  }

  @Test func aConfigurationWithoutDocumentsHasNoDependencies() {
    let text = #"{ "schema": "s", "output": "o", "namespace": "N", "dependencies": ["../A/baton.json"] }"#
    #expect(throws: ConfigError.self) {
      try BatonConfig.decode(Array(text.utf8), file: "baton.json", baseDirectory: "")
    }
  }
}
