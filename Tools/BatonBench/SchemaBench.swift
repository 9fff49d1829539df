import BatonCodegen
import Foundation
import GraphQLSyntax

/// Schema building and document validation, Baton beside graphql-js 16:
/// `schema` builds the GitHub issues schema from SDL (parse, SDL rules, build, schema
/// validation); `validate` validates graphql-core's large query against GitHub's schema
/// (graphql-core and graphql-js find 101 errors there: 100 and the abort). Each Baton case
/// runs in its own child process; times are medians of process CPU time per run.
enum SchemaBench {
  static let schemaFile = "github-issues/schema.graphqls"
  static let validationSchema = "graphql-core/github_schema.graphql"
  static let validationDocument = "graphql-core/large_query.graphql"

  static let childCases: [String: BenchChild.Case] = [
    "schema-build": { try timeBuild($0) },
    "validate-large": { try timeValidate($0) },
  ]

  static func median(_ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    let started = Clock.now()
    while times.count < 13 || (Clock.now() - started < 2 && times.count < 400) {
      let start = ParseBench.cpuSeconds()
      try body()
      times.append(ParseBench.cpuSeconds() - start)
    }
    times.removeFirst(3)
    times.sort()
    return times[times.count / 2]
  }

  static func timeBuild(_ arguments: [String]) throws -> Double {
    guard let path = arguments.first else { throw BenchError(description: "schema: no fixture given") }
    let source = Source(bytes: try Fixtures.bytes(path), name: path)
    return try median {
      do throws(SchemaErrors) {
        _ = try SDLSchemaBuilder.build(sources: [source])
      } catch {
        throw BenchError(description: "schema \(path): \(error)")
      }
    }
  }

  static func loadValidation(_ schemaPath: String, _ documentPath: String) throws -> (Schema, Document, Source) {
    let schemaSource = Source(bytes: try Fixtures.bytes(schemaPath), name: schemaPath)
    let source = Source(bytes: try Fixtures.bytes(documentPath), name: documentPath)
    do {
      let schema = try SDLSchemaBuilder.build(sources: [schemaSource])
      return (schema, try parse(source), source)
    } catch {
      throw BenchError(description: "validate: \(error)")
    }
  }

  static func timeValidate(_ arguments: [String]) throws -> Double {
    guard arguments.count == 2 else { throw BenchError(description: "validate: schema and document needed") }
    let (schema, document, source) = try loadValidation(arguments[0], arguments[1])
    return median { _ = Validator.validate(document, source: source, schema: schema) }
  }

  static func runSchema() throws {
    let baton = try BenchChild.run("schema-build", [schemaFile])
    let size = try Fixtures.bytes(schemaFile).count
    var row = [schemaFile, formatMB(size), ms(baton.seconds), formatMB(baton.peakBytes)]
    var notes: [String] = []
    switch GraphQLJSSchemaPeer.run(["build", Fixtures.url(schemaFile).path]) {
    case .success(let peer):
      row += [ms(peer.seconds), formatMB(peer.peakBytes), formatRatio(peer.seconds / baton.seconds)]
    case .failure(let error):
      row += ["n/a", "n/a", "n/a"]
      notes.append(error.description)
    }
    printTable(["fixture", "size", "Baton", "Baton peak", "graphql-js", "graphql-js peak", "speed-up"], [row])
    for note in notes { print("note: \(note)") }
  }

  static func runValidate() throws {
    let (schema, document, source) = try loadValidation(validationSchema, validationDocument)
    let errors = Validator.validate(document, source: source, schema: schema)
    let baton = try BenchChild.run("validate-large", [validationSchema, validationDocument])
    var row = [validationDocument, "\(errors.count)", ms(baton.seconds), formatMB(baton.peakBytes)]
    var notes: [String] = []
    switch GraphQLJSSchemaPeer.run(
      ["validate", Fixtures.url(validationSchema).path, Fixtures.url(validationDocument).path])
    {
    case .success(let peer):
      row += ["\(peer.errors ?? 0)", ms(peer.seconds), formatMB(peer.peakBytes), formatRatio(peer.seconds / baton.seconds)]
    case .failure(let error):
      row += ["n/a", "n/a", "n/a", "n/a"]
      notes.append(error.description)
    }
    printTable(
      ["document", "Baton errors", "Baton", "Baton peak", "graphql-js errors", "graphql-js",
       "graphql-js peak", "speed-up"],
      [row])
    for note in notes { print("note: \(note)") }
  }

  private static func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
}

/// graphql-js through node and `Tools/bench-peers/graphql-js-schema.js`.
enum GraphQLJSSchemaPeer {
  struct Result: Decodable {
    var version: String
    var seconds: Double
    var peakBytes: Int
    var errors: Int?
  }

  static func run(_ arguments: [String]) -> Swift.Result<Result, BenchError> {
    let script = Fixtures.packageRoot.appendingPathComponent("Tools/bench-peers/graphql-js-schema.js")
    return GraphQLJS.node([script.path] + arguments).flatMap { data in
      guard let result = try? JSONDecoder().decode(Result.self, from: data) else {
        return .failure(BenchError(description: "graphql-js gave no result for \(arguments.joined(separator: " "))"))
      }
      return .success(result)
    }
  }
}
