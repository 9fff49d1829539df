import BatonNormalizer
import BatonTestServer
import Foundation
import TestPrerequisites
import Testing

@testable import BatonCLI

/// `baton schema --endpoint` against the loopback server: the introspection result as SDL,
/// the request's headers, and a clear message with exit 1 for each way a server gives no
/// schema (an HTTP status, a body that is not JSON or not GraphQL, introspection refused).
@Suite(.serialized, .requires(.testServer)) struct SchemaEndpointTests {
  static let shared = SharedServer()

  static func schema(_ server: TestServer, _ extra: [String] = []) -> (ExitCode, CommandOutput) {
    runBaton(["schema", "--endpoint", server.graphQLURL.absoluteString] + extra)
  }

  /// The `query` of each introspection request the server received, oldest first.
  static func introspectionQueries(_ server: TestServer) async throws -> [String] {
    guard case .array(let recent)? = try await server.requests()["recent"] else { return [] }
    return recent.compactMap { request in
      guard request["body"]?["operationName"] == "IntrospectionQuery", case .string(let query)? = request["body"]?["query"]
      else { return nil }
      return query
    }
  }

  @Test func writesTheServersSchemaAsSDL() async throws {
    let server = try await Self.shared.fresh()
    let files = try TemporaryFiles()
    let file = files.directory.appendingPathComponent("schema.graphqls").path
    let (code, output) = Self.schema(server, ["--output", file])
    #expect(code == .success, "\(output.standardError)")
    #expect(output.standardOutput.isEmpty)
    let sdl = try String(contentsOfFile: file, encoding: .utf8)
    #expect(sdl.contains("type Character implements Node {"))
    #expect(sdl.contains("  character(id: ID!): Character\n"))
    #expect(sdl.contains("enum CharacterStatus {"))
    let printed = Self.schema(server).1.standardOutput
    #expect(printed == sdl)
    #expect(try await Self.introspectionQueries(server).first?.contains("isOneOf") == true)
  }

  @Test func sendsEachHeader() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "auth", "token": "t0"])
    let (refused, refusal) = Self.schema(server)
    #expect(refused == .inputError)
    #expect(refusal.standardError == "baton schema: \(server.graphQLURL.absoluteString) answered HTTP 401: The token is missing, unknown or expired.\n")
    let (code, output) = Self.schema(server, ["--header", "Authorization: Bearer t0", "--header", "X-Client: baton"])
    #expect(code == .success, "\(output.standardError)")
    #expect(output.standardOutput.contains("type Query {"))
    guard case .array(let recent)? = try await server.requests()["recent"] else { throw SchemaTestFailure("no requests") }
    #expect(recent.last?["headers"]?["X-Client"] == "baton")
  }

  struct Refusal: Sendable, CustomTestStringConvertible {
    let name: String
    let command: JSONValue
    /// The message after `baton schema: <url>`.
    let message: String
    var testDescription: String { name }
  }

  static let refusals = [
    Refusal(
      name: "HTTP status", command: ["command": "respond", "status": 503, "body": "  busy,\n try later ", "contentType": "text/plain"],
      message: " answered HTTP 503: busy, try later"),
    Refusal(
      name: "not JSON", command: ["command": "malformed", "kind": "notJSON"], message: " did not answer JSON: this is not JSON"),
    Refusal(
      name: "not GraphQL", command: ["command": "malformed", "kind": "notGraphQL"],
      message: #" answered JSON that is not a GraphQL response (it has neither "data" nor "errors")."#),
    Refusal(
      name: "introspection disabled",
      command: ["command": "respond", "status": 200, "json": ["errors": [["message": "GraphQL introspection is not allowed"]]]],
      message: " answered the introspection query without a schema: GraphQL introspection is not allowed. Is introspection disabled on this server?"),
    Refusal(
      name: "introspection disabled, an error per field",
      command: ["command": "respond", "status": 200, "json": ["errors": [
        ["message": "GraphQL introspection has been disabled, but the requested query contained the field '__schema'."],
        ["message": "GraphQL introspection has been disabled, but the requested query contained the field 'types'."],
        ["message": "GraphQL introspection has been disabled, but the requested query contained the field 'kind'."],
      ]]],
      message: " answered the introspection query without a schema: GraphQL introspection has been disabled, but the"
        + " requested query contained the field '__schema' (and 2 more errors). Is introspection disabled on this server?"),
    Refusal(
      name: "introspection disabled, answered 400",
      command: ["command": "respond", "status": 400, "json": ["errors": [["message": "Introspection is disabled."]]]],
      message: " answered HTTP 400: Introspection is disabled."),
    Refusal(
      name: "data without __schema", command: ["command": "respond", "status": 200, "json": ["data": ["__typename": "Query"]]],
      message: " answered the introspection query without a schema. Is introspection disabled on this server?"),
  ]

  @Test(arguments: refusals)
  func aServerThatGivesNoSchemaIsAnInputErrorSayingWhy(_ refusal: Refusal) async throws {
    let server = try await Self.shared.fresh()
    try await server.control(refusal.command)
    let (code, output) = Self.schema(server)
    #expect(code == .inputError)
    #expect(output.standardOutput.isEmpty)
    #expect(output.standardError == "baton schema: \(server.graphQLURL.absoluteString)\(refusal.message)\n")
  }

  /// A server whose introspection schema predates `isOneOf` refuses the full query as
  /// invalid; the command asks again without the newer fields.
  @Test func anOlderServerGetsTheBasicQuery() async throws {
    let server = try await Self.shared.fresh()
    try await server.control([
      "command": "respond", "status": 400, "count": 1,
      "json": ["errors": [["message": #"Cannot query field "isOneOf" on type "__Type"."#]]],
    ])
    let (code, output) = Self.schema(server)
    #expect(code == .success, "\(output.standardError)")
    #expect(output.standardOutput.contains("type Character implements Node {"))
    let queries = try await Self.introspectionQueries(server)
    #expect(queries.count == 2)
    #expect(queries.last?.contains("isOneOf") == false)
    #expect(queries.last?.contains("isRepeatable") == false)
  }

  @Test func anUnreachableServerIsAnInputError() {
    let (code, output) = runBaton(["schema", "--endpoint", "http://127.0.0.1:9/graphql"])
    #expect(code == .inputError)
    #expect(output.standardError.hasPrefix("baton schema: Could not reach http://127.0.0.1:9/graphql: "))
  }

  @Test(arguments: [
    (["--endpoint", "ftp://example.com/graphql"], "--endpoint takes an http or https URL, not 'ftp://example.com/graphql'."),
    (["--endpoint", "http://127.0.0.1:9/graphql", "schema.json"], "Give a file or --endpoint, not both."),
    (["--endpoint", "http://127.0.0.1:9/graphql", "--header", "Authorization"], "--header takes 'Name: value', not 'Authorization'."),
    ([], "Give one introspection result file, or --endpoint."),
  ])
  func aWrongCommandLineIsAUsageError(_ arguments: [String], _ message: String) {
    let (code, output) = runBaton(["schema"] + arguments)
    #expect(code == .usageError)
    #expect(output.standardError.hasPrefix("baton schema: \(message)\nUSAGE: baton schema "))
  }
}

struct SchemaTestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
