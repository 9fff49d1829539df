import BatonCLI
import BatonCodegen
import Foundation
import Testing

/// `baton generate` end to end in a temporary folder: errors with their locations and exit
/// 1, a broken baton.json naming the key, and the output folder kept in step.
struct GenerateCommandTests {
  static let schema = """
    type Query { hero(id: ID!): Character, heroes: [Character!]! }
    type Character { id: ID!, name: String!, friends: [Character] }
    """

  final class Project {
    let folder: String

    init(documents: [String: String], config: String? = nil) throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-generate-\(UUID().uuidString)").path
      try write("schema.graphql", GenerateCommandTests.schema)
      try write("baton.json", config ?? #"{ "schema": "schema.graphql", "documents": "Documents/**/*.graphql", "output": "Generated", "namespace": "API" }"#)
      for (path, text) in documents { try write("Documents/" + path, text) }
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func write(_ path: String, _ text: String) throws {
      let full = folder + "/" + path
      try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }

    func run() -> (ExitCode, CommandOutput) {
      var output = CommandOutput()
      var arguments = ParsedArguments()
      arguments.options["config"] = [folder + "/baton.json"]
      let code = GenerateCommand.run(arguments, output: &output)
      return (code, output)
    }

    func generated() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/Generated")) ?? []).sorted()
    }
  }

  @Test func writesOneFilePerOperationAndFragmentAndOnlyWhatChanged() throws {
    let project = try Project(documents: [
      "Hero.graphql": "query Hero($id: ID!) { hero(id: $id) { ...Card } }",
      "Nested/Card.graphql": "fragment Card on Character { name }",
    ])
    let (code, output) = project.run()
    #expect(code == .success, "\(output.standardError)")
    #expect(project.generated() == ["API.Card.swift", "API.HeroQuery.swift", "API.swift"])
    #expect(output.standardOutput.contains("3 written"))
    let (_, again) = project.run()
    #expect(again.standardOutput.contains("0 written, 0 removed, 3 unchanged"))
  }

  @Test func removesFilesItNoLongerGeneratesButNeverOthers() throws {
    let project = try Project(documents: ["Hero.graphql": "query Hero { heroes { name } }"])
    _ = project.run()
    try project.write("Generated/Mine.swift", "let mine = 1\n")
    try project.write("Documents/Hero.graphql", "query Heroes { heroes { id } }")
    let (code, output) = project.run()
    #expect(code == .success)
    #expect(project.generated() == ["API.HeroesQuery.swift", "API.swift", "Mine.swift"])
    #expect(output.standardOutput.contains("1 removed"))
  }

  static let invalidDocuments: [(String, String)] = [
    ("query Q { hero(id: 1) { nam } }", "Documents/Bad.graphql:1:25: error: Cannot query field 'nam' on type 'Character'. Did you mean 'name'?"),
    ("query Q { heroes { name } ", "Documents/Bad.graphql:1:27: error: Syntax Error: Expected Name, found <EOF>."),
    ("query Q { heroes { ...Missing } }", "Documents/Bad.graphql:1:23: error: Unknown fragment 'Missing'."),
    ("query Q($id: ID) { hero(id: $id) { id } }", "Documents/Bad.graphql:1:9: error: Variable '$id' of type 'ID' used in position expecting type 'ID!'."),
    ("{ heroes { id } }", "Documents/Bad.graphql:1:1: error: This anonymous operation must be the only defined operation."),
    // Relay's rules run too, not only the specified ones.
    ("query Q { hero(id: 1) { name @catch @required(action: NONE) } }", "Documents/Bad.graphql:1:37: error: @catch and @required directives cannot be on the same field."),
  ]

  @Test(arguments: invalidDocuments)
  func validationErrorsSurfaceWithTheirLocationAndExit1(_ document: String, _ message: String) throws {
    let project = try Project(documents: ["Bad.graphql": document, "A.graphql": "query A { heroes { id } }"])
    let (code, output) = project.run()
    #expect(code == .inputError)
    #expect(output.standardError.contains(project.folder + "/" + message), "\(output.standardError)")
    #expect(project.generated().isEmpty)
  }

  @Test func errorsInALaterFileCountLinesFromThatFile() throws {
    let project = try Project(documents: ["A.graphql": "query A {\n  heroes { id }\n}\n", "B.graphql": "\n\nquery B { heroes { nope } }"])
    let (code, output) = project.run()
    #expect(code == .inputError)
    #expect(output.standardError.contains(project.folder + "/Documents/B.graphql:3:20: error: Cannot query field 'nope'"))
  }

  @Test func anonymousOperationsCannotBeGenerated() throws {
    let project = try Project(documents: ["Only.graphql": "{ heroes { id } }"])
    let (code, output) = project.run()
    #expect(code == .inputError)
    #expect(output.standardError == project.folder + "/Documents/Only.graphql:1:1: error: Operations must be named to generate code for them.\n")
  }

  @Test func aBrokenConfigExits1NamingTheKey() throws {
    let project = try Project(
      documents: [:], config: #"{ "schema": "schema.graphql", "documents": "*.graphql", "output": "Generated", "namespace": "API", "onError": "LOUD" }"#)
    let (code, output) = project.run()
    #expect(code == .inputError)
    #expect(output.standardError.contains("baton.json:1:111: error: \"onError\": expected one of NULL, PROPAGATE, HALT."))
  }

  @Test func aMissingConfigOrSchemaExits1() throws {
    var output = CommandOutput()
    var arguments = ParsedArguments()
    arguments.options["config"] = ["/nonexistent/baton.json"]
    #expect(GenerateCommand.run(arguments, output: &output) == .inputError)
    let project = try Project(
      documents: [:], config: #"{ "schema": "missing.graphql", "documents": "*.graphql", "output": "Generated", "namespace": "API" }"#)
    let (code, missing) = project.run()
    #expect(code == .inputError)
    #expect(missing.standardError.contains("baton.json:1:13: error: Cannot read the schema file \"\(project.folder)/missing.graphql\"."))
  }

  @Test func unknownOptionsAreUsageErrors() {
    #expect(throws: UsageError.unknownOption("--bogus")) {
      _ = try ArgumentReader.parse(["--bogus"], spec: GenerateCommand.spec)
    }
  }
}
