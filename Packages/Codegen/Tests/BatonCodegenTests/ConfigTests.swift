@testable import BatonCodegen
import Testing

struct ConfigTests {
  static let valid = """
    { "schema": ["schema.graphql", "ext.graphql"], "documents": "Sources/**/*.graphql", "output": "Generated",
      "namespace": "RickAndMorty", "onError": "NULL", "scalars": { "DateTime": "Foundation.Date" },
      "keyFields": { "Character": ["id"] }, "staleAfter": 300, "accessLevel": "internal" }
    """

  @Test func readsEveryKeyAndResolvesPathsAgainstTheFilesFolder() throws {
    let config = try BatonConfig.decode(Array(Self.valid.utf8), file: "App/baton.json", baseDirectory: "App")
    #expect(config.schema == ["App/schema.graphql", "App/ext.graphql"])
    #expect(config.documents == ["App/Sources/**/*.graphql"])
    #expect(config.output == "App/Generated")
    #expect(config.namespace == "RickAndMorty")
    #expect(config.onError == .null)
    #expect(config.scalars == ["DateTime": "Foundation.Date"])
    #expect(config.keyFields == ["Character": ["id"]])
    #expect(config.staleAfter == 300)
    #expect(config.accessLevel == .internal)
  }

  @Test func optionalKeysHaveDefaults() throws {
    let text = #"{ "schema": "s.graphql", "documents": ["*.graphql"], "output": "/abs/out", "namespace": "API" }"#
    let config = try BatonConfig.decode(Array(text.utf8), file: "baton.json", baseDirectory: "here")
    #expect(config.output == "/abs/out")
    #expect(config.onError == nil && config.staleAfter == nil && config.accessLevel == .public)
    #expect(config.scalars.isEmpty && config.keyFields.isEmpty)
  }

  static let broken: [(String, String)] = [
    (#"{ "schema": "s", "documents": "d", "output": "o", "namespace": "N", "extra": 1 }"#, "extra"),
    (#"{ "documents": "d", "output": "o", "namespace": "N" }"#, "schema"),
    (#"{ "schema": [], "documents": "d", "output": "o", "namespace": "N" }"#, "schema"),
    (#"{ "schema": ["s", 3], "documents": "d", "output": "o", "namespace": "N" }"#, "schema[1]"),
    (#"{ "schema": "s", "documents": "d", "output": 7, "namespace": "N" }"#, "output"),
    (#"{ "schema": "s", "documents": "d", "output": "o", "namespace": "not valid" }"#, "namespace"),
    (#"{ "schema": "s", "documents": "d", "output": "o", "namespace": "N", "onError": "IGNORE" }"#, "onError"),
    (#"{ "schema": "s", "documents": "d", "output": "o", "namespace": "N", "accessLevel": "open" }"#, "accessLevel"),
    (#"{ "schema": "s", "documents": "d", "output": "o", "namespace": "N", "staleAfter": -1 }"#, "staleAfter"),
    (#"{ "schema": "s", "documents": "d", "output": "o", "namespace": "N", "staleAfter": 1.5 }"#, "staleAfter"),
    (#"{ "schema": "s", "documents": "d", "output": "o", "namespace": "N", "staleAfter": true }"#, "staleAfter"),
    (#"{ "schema": "s", "documents": "d", "output": "o", "namespace": "N", "scalars": { "D": "Foundation Date" } }"#, "scalars.D"),
    (#"{ "schema": "s", "documents": "d", "output": "o", "namespace": "N", "keyFields": { "User": [] } }"#, "keyFields.User"),
    (#"[1, 2]"#, ""),
    (#"{ "schema": "#, ""),
  ]

  /// Each text is one line, so each error is on line 1 (at the key's value when there is one).
  @Test(arguments: broken)
  func badValuesAreErrorsNamingTheFileKeyAndLine(_ text: String, _ key: String) {
    #expect {
      _ = try BatonConfig.decode(Array(text.utf8), file: "dir/baton.json", baseDirectory: "dir")
    } throws: { error in
      guard let error = error as? ConfigError else { return false }
      return error.file == "dir/baton.json" && error.key == key && error.location?.line == 1
        && error.description.hasPrefix("dir/baton.json:1:")
    }
  }
}
