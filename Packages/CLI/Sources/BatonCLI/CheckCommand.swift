import BatonCodegen
import Foundation

/// `baton check --config baton.json`, or `baton check --schema S... DOC...`: validates a
/// target's documents together against its schema, as `baton generate` does before it
/// generates (a fragment may be defined in another file), and prints each problem as
/// `file:line:column: error: message` with a `note:` line at each other place involved.
/// Exits 1 when there is any.
public enum CheckCommand: Command {
  public static let spec = CommandSpec(
    name: "check",
    summary: "Validate GraphQL documents against a schema.",
    options: [
      .init("config", valueName: "path", help: "A target's baton.json: its schema and documents."),
      .init(
        "schema", valueName: "file",
        help: "A schema file: SDL (.graphql, .graphqls) or introspection (.json), the server's first. Repeatable."),
    ],
    positional: .init(
      "document", help: "An executable document (.graphql), with --schema.", minimumCount: 0, isRepeating: true))

  public static func run(_ arguments: ParsedArguments, output: inout CommandOutput) -> ExitCode {
    let schemaPaths = arguments.options["schema"] ?? []
    let files: ProjectFiles
    do throws(CodegenErrors) {
      if let path = arguments.option("config") {
        guard schemaPaths.isEmpty, arguments.positionals.isEmpty else {
          return usageError("Give --config alone, or --schema with documents, not both.", output: &output)
        }
        guard let config = BatonConfig.load(path: path, reportingTo: &output) else { return .inputError }
        files = try ProjectFiles.read(config: config)
      } else {
        guard !schemaPaths.isEmpty, !arguments.positionals.isEmpty else {
          return usageError("Give --config <baton.json>, or --schema <file> with the documents to check.", output: &output)
        }
        files = try ProjectFiles.read(schemaPaths: schemaPaths, documentPaths: arguments.positionals)
      }
      try Generator.check(files)
      return .success
    } catch {
      output.standardError += error.description + "\n"
      return .inputError
    }
  }

  private static func usageError(_ message: String, output: inout CommandOutput) -> ExitCode {
    output.standardError += "baton check: \(message)\nUSAGE: \(spec.usage)\n"
    return .usageError
  }
}
