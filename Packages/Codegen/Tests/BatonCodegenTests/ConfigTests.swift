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

  static let located: [(String, String)] = [
    ("{\n  \"schema\": \"s\", \"documents\": \"d\", \"output\": \"o\", \"namespace\": \"N\",\n  \"scalars\": {\n    \"D\": \"Foundation Date\" } }",
      "b.json:4:10: error: \"scalars.D\": expected a Swift type name such as \"Foundation.Date\"."),
    ("{ \"schema\": [\"s\",\n  3], \"documents\": \"d\", \"output\": \"o\", \"namespace\": \"N\" }",
      "b.json:2:3: error: \"schema[1]\": expected a non-empty string."),
    ("{ \"schema\": \"s\",\n  \"documents\": \"d\\u00e9\n\" }",
      "b.json:2:24: error: The file is not valid JSON. Expected '\"' before the end of the line: a string cannot hold a line break."),
    ("{ \"schema\": \"s\", }", "b.json:1:18: error: The file is not valid JSON. Expected a quoted key."),
    ("{ \"schema\": \"s\" } x", "b.json:1:19: error: The file is not valid JSON. Unexpected text after the JSON value."),
    ("{ \"schema\": \"é\" \"documents\": 1 }", "b.json:1:17: error: The file is not valid JSON. Expected ',' or '}' after the value of \"schema\"."),
  ]

  /// Lines and columns count from 1, columns in characters, inside nested objects and lists.
  @Test(arguments: located)
  func errorsNameTheLineAndColumnOfTheValue(_ text: String, _ description: String) {
    do throws(ConfigError) {
      _ = try BatonConfig.decode(Array(text.utf8), file: "b.json", baseDirectory: "")
      Issue.record("accepted: \(text)")
    } catch {
      #expect(error.description == description)
    }
  }
}
