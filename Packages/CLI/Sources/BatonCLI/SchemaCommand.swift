import BatonCodegen
import Foundation

/// `baton schema FILE.json`: prints an introspection result as SDL, exactly as
/// graphql-core's `print_schema(build_client_schema(...))` does.
public enum SchemaCommand: Command {
  public static let spec = CommandSpec(
    name: "schema",
    summary: "Print the SDL of an introspection result (JSON).",
    positional: .init("file", help: "An introspection result, with or without \"data\"."))

  public static func run(_ arguments: ParsedArguments, output: inout CommandOutput) -> ExitCode {
    guard let path = arguments.positionals.first else { return .usageError }
    guard let data = FileManager.default.contents(atPath: path) else {
      output.standardError += "baton schema: cannot read '\(path)'.\n"
      return .inputError
    }
    do throws(SchemaError) {
      let schema = try IntrospectionSchemaBuilder.build(json: [UInt8](data))
      output.standardOutput += SchemaPrinter.print(schema) + "\n"
      return .success
    } catch {
      output.standardError += "\(path): \(error)\n"
      return .inputError
    }
  }
}
