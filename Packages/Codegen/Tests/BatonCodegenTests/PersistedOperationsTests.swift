import BatonCodegen
import Foundation
import Testing

/// `persistedOperations` in baton.json: the manifest in Apollo's persisted query manifest
/// shape (`format`, `version`, `operations` of `id`, `name`, `type`, `body`) or Relay's
/// `{id: text}` map, ids equal to the generated `operationID`s, and operations without
/// their text when `includeText` is false.
struct PersistedOperationsTests {
  static let schema = [("schema.graphql", "type Query { hero(id: ID!): Hero } type Mutation { rename(name: String!): Hero } type Hero { id: ID! name: String }")]
  static let documents = [(
    "Hero.graphql",
    """
    query Hero($id: ID!) { hero(id: $id) { ...HeroName } }
    fragment HeroName on Hero { name }
    mutation Rename { rename(name: "X") { id } }
    """
  )]

  /// `onError`: the setting's JSON member with its trailing comma, or nothing.
  static func generation(_ json: String, onError: String = "") throws -> Generation {
    let config = try BatonConfig.decode(
      Array(#"{"schema": "s", "documents": "d", "output": "o", "namespace": "API", \#(onError)"persistedOperations": \#(json)}"#.utf8),
      file: "baton.json", baseDirectory: "/project")
    return try Generator.generation(schemaFiles: schema, documentFiles: documents, config: config)
  }

  /// The `operationID` line of a generated file.
  static func operationID(_ generation: Generation, _ file: String) -> String? {
    let contents = generation.files.first { $0.path == file }?.contents ?? ""
    guard let line = contents.split(separator: "\n").first(where: { $0.contains("static let operationID") }) else { return nil }
    return line.split(separator: "\"").dropFirst().first.map(String.init)
  }

  @Test func apolloManifestHasTheDocumentedShape() throws {
    let generation = try Self.generation(#"{"path": "persisted.json"}"#)
    let manifest = try #require(generation.manifest)
    #expect(manifest.path == "/project/persisted.json")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(manifest.contents.utf8)) as? [String: Any])
    #expect(Set(json.keys) == ["format", "version", "operations"])
    #expect(json["format"] as? String == "apollo-persisted-query-manifest")
    #expect(json["version"] as? Int == 1)
    let operations = try #require(json["operations"] as? [[String: String]])
    #expect(operations.map { Set($0.keys) } == [["id", "name", "type", "body"], ["id", "name", "type", "body"]])
    #expect(operations.map { $0["name"] } == ["Hero", "Rename"])
    #expect(operations.map { $0["type"] } == ["query", "mutation"])
    let hero = try #require(operations.first)
    #expect(hero["body"]?.contains("fragment HeroName on Hero") == true, "the body has the fragments it uses")
    #expect(hero["id"] == Self.operationID(generation, "API.HeroQuery.swift"))
    #expect(operations.last?["id"] == Self.operationID(generation, "API.RenameMutation.swift"))
  }

  @Test func relayManifestMapsIDToText() throws {
    let generation = try Self.generation(#"{"path": "queries.json", "format": "relay"}"#)
    let manifest = try #require(generation.manifest)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(manifest.contents.utf8)) as? [String: String])
    let heroID = try #require(Self.operationID(generation, "API.HeroQuery.swift"))
    #expect(Set(json.keys) == [heroID, try #require(Self.operationID(generation, "API.RenameMutation.swift"))])
    #expect(json[heroID]?.hasPrefix("query Hero") == true)
  }

  @Test func withoutTextTheDocumentIsEmptyAndTheIDStays() throws {
    let withText = try Self.generation(#"{"path": "p.json"}"#)
    let withoutText = try Self.generation(#"{"path": "p.json", "includeText": false}"#)
    let hero = try #require(withoutText.files.first { $0.path == "API.HeroQuery.swift" }?.contents)
    #expect(hero.contains(#"static let document = """#))
    #expect(!hero.contains("fragment HeroName"))
    #expect(Self.operationID(withoutText, "API.HeroQuery.swift") == Self.operationID(withText, "API.HeroQuery.swift"))
    #expect(withoutText.manifest == withText.manifest, "the manifest keeps the text the server needs")
  }

  @Test func eachOnErrorSettingGivesTheOperationItsOwnID() throws {
    let settings = ["", #""onError": "NULL","#, #""onError": "PROPAGATE","#, #""onError": "HALT","#]
    let generations = try settings.map { try Self.generation(#"{"path": "p.json", "format": "relay"}"#, onError: $0) }
    let ids = generations.map { Self.operationID($0, "API.HeroQuery.swift") }
    #expect(Set(ids).count == settings.count, "one document under four settings is four requests")
    for (generation, id) in zip(generations, ids) {
      let manifest = try #require(generation.manifest)
      let json = try #require(try JSONSerialization.jsonObject(with: Data(manifest.contents.utf8)) as? [String: String])
      let hero = try #require(generation.files.first { $0.path == "API.HeroQuery.swift" }?.contents)
      let heroID = try #require(id)
      let text = try #require(json[heroID])
      #expect(hero.contains("static let document = \"\(text.replacingOccurrences(of: "\n", with: "\\n"))\""))
    }
    let nullText = try #require(generations[1].manifest?.contents)
    #expect(nullText.contains(##": "# onError: NULL\nquery Hero"##), "the text names the setting it is sent with")
  }

  @Test(arguments: [
    (#""p.json""#, "persistedOperations", "expected an object"),
    (#"{}"#, "persistedOperations.path", "the manifest's path"),
    (#"{"path": "p", "format": "yaml"}"#, "persistedOperations.format", "apollo or relay"),
    (#"{"path": "p", "includeText": "no"}"#, "persistedOperations.includeText", "true or false"),
    (#"{"path": "p", "text": true}"#, "persistedOperations.text", "unknown key"),
  ])
  func badSettingsNameTheirKey(json: String, key: String, message: String) {
    #expect {
      _ = try Self.generation(json)
    } throws: { error in
      guard let error = error as? ConfigError else { return false }
      return error.key == key && error.message.contains(message)
    }
  }
}
