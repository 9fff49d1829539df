import BatonCodegen
import Foundation
import GraphQLSyntax

/// `baton check --schema S... DOC...`: validates documents against a schema built as
/// `baton generate` builds it (SDL files, or one introspection result with SDL extension
/// files beside it) and prints `file:line:column: error: message`
/// for each problem. Exits 1 when there is any.
public enum CheckCommand: Command {
  public static let spec = CommandSpec(
    name: "check",
    summary: "Validate GraphQL documents against a schema.",
    options: [
      .init(
        "schema", valueName: "file",
        help: "A schema file: SDL (.graphql, .graphqls) or introspection (.json), the server's first. Repeatable.")
    ],
    positional: .init("document", help: "An executable document (.graphql).", isRepeating: true))

  public static func run(_ arguments: ParsedArguments, output: inout CommandOutput) -> ExitCode {
    let schemaPaths = arguments.options["schema"] ?? []
    guard !schemaPaths.isEmpty else {
      output.standardError += "baton check: missing --schema <file>.\nUSAGE: \(spec.usage)\n"
      return .usageError
    }
    let schema: Schema
    switch loadSchema(schemaPaths) {
    case .success(let loaded): schema = loaded
    case .failure(let failure):
      output.standardError += failure.message
      return .inputError
    }
    var found = false
    for path in arguments.positionals {
      guard let data = FileManager.default.contents(atPath: path) else {
        output.standardError += "baton check: cannot read '\(path)'.\n"
        found = true
        continue
      }
      let source = Source(bytes: [UInt8](data), name: path)
      let errors = Validator.validate(source: source, schema: schema, rules: specifiedRules + relayRules)
      for error in errors {
        found = true
        output.standardError += error.locations.isEmpty ? "\(path): error: \(error.message)\n" : "\(error)\n"
      }
    }
    return found ? .inputError : .success
  }

  private struct LoadFailure: Error {
    var message: String
  }

  private static func loadSchema(_ paths: [String]) -> Result<Schema, LoadFailure> {
    var files: [(name: String, text: String)] = []
    for path in paths {
      guard let data = FileManager.default.contents(atPath: path) else {
        return .failure(LoadFailure(message: "baton check: cannot read schema '\(path)'.\n"))
      }
      files.append((path, String(decoding: data, as: UTF8.self)))
    }
    do throws(SchemaErrors) {
      return .success(try SchemaFiles.build(files))
    } catch {
      return .failure(LoadFailure(message: error.description + "\n"))
    }
  }
}
