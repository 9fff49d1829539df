import BatonCodegen
import Foundation

/// `baton schema FILE.json` prints an introspection result as SDL, exactly as
/// graphql-core's `print_schema(build_client_schema(...))` does; `baton schema --endpoint URL`
/// first downloads it from a server (`IntrospectionDownload`), with the request's
/// `--header`s. `--output FILE` writes the SDL there instead of printing it.
public enum SchemaCommand: Command {
  public static let spec = CommandSpec(
    name: "schema",
    summary: "Print the SDL of an introspection result (JSON), read from a file or downloaded from a server.",
    options: [
      .init("endpoint", valueName: "url", help: "Download the introspection result from this GraphQL endpoint."),
      .init("header", valueName: "name: value", help: "A header of the introspection request (repeatable), e.g. 'Authorization: Bearer …'."),
      .init("output", valueName: "file", help: "Write the SDL to <file> instead of printing it."),
    ],
    positional: .init("file", help: "An introspection result, with or without \"data\" (not with --endpoint).", minimumCount: 0))

  public static func run(_ arguments: ParsedArguments, output: inout CommandOutput) -> ExitCode {
    let schema: Schema
    let source: String
    do throws(SchemaError) {
      if let endpoint = arguments.option("endpoint") {
        guard arguments.positionals.isEmpty else {
          return usageError("Give a file or --endpoint, not both.", output: &output)
        }
        guard let url = URL(string: endpoint), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
          url.host != nil
        else {
          return usageError("--endpoint takes an http or https URL, not '\(endpoint)'.", output: &output)
        }
        var headers: [(name: String, value: String)] = []
        for header in arguments.options["header"] ?? [] {
          guard let colon = header.firstIndex(of: ":"),
            !header[..<colon].trimmingCharacters(in: .whitespaces).isEmpty
          else {
            return usageError("--header takes 'Name: value', not '\(header)'.", output: &output)
          }
          headers.append((
            header[..<colon].trimmingCharacters(in: .whitespaces),
            header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        source = endpoint
        switch IntrospectionDownload(url: url, headers: headers).schema() {
        case .success(let result): schema = try IntrospectionSchemaBuilder.build(object: ["__schema": result])
        case .failure(let failure):
          output.standardError += "baton schema: \(failure)\n"
          return .inputError
        }
      } else {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
          return usageError("Give one introspection result file, or --endpoint.", output: &output)
        }
        source = path
        guard let data = FileManager.default.contents(atPath: path) else {
          output.standardError += "baton schema: cannot read '\(path)'.\n"
          return .inputError
        }
        schema = try IntrospectionSchemaBuilder.build(json: [UInt8](data))
      }
    } catch {
      output.standardError += "\(source): \(error)\n"
      return .inputError
    }
    let sdl = SchemaPrinter.print(schema) + "\n"
    guard let file = arguments.option("output") else {
      output.standardOutput += sdl
      return .success
    }
    do {
      try Data(sdl.utf8).write(to: URL(fileURLWithPath: file))
    } catch {
      output.standardError += "baton schema: could not write '\(file)': \(error.localizedDescription)\n"
      return .inputError
    }
    return .success
  }

  private static func usageError(_ message: String, output: inout CommandOutput) -> ExitCode {
    output.standardError += "baton schema: \(message)\nUSAGE: \(spec.usage)\n"
    return .usageError
  }
}
