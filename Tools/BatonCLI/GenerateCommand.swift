import BatonCodegen
import Foundation

/// `baton generate [--config baton.json]`: reads the target's configuration, schema and
/// documents, and writes the generated Swift (DESIGN §4). Exit 1 on any error in the
/// input, each printed as `file:line:column: error: message`.
public enum GenerateCommand: Command {
  public static let spec = CommandSpec(
    name: "generate",
    summary: "Generate Swift types for a target's GraphQL operations and fragments.",
    options: [.init("config", valueName: "path", help: "The target's baton.json (default: ./baton.json).")])

  public static func run(_ arguments: ParsedArguments, output: inout CommandOutput) -> ExitCode {
    let path = arguments.option("config") ?? "baton.json"
    let config: BatonConfig
    do throws(ConfigError) {
      config = try BatonConfig.load(path: path)
    } catch {
      output.standardError += error.description + "\n"
      return .inputError
    }
    do throws(CodegenErrors) {
      let files = try Generator.generate(config: config)
      let changes = try OutputFolder(path: config.output).write(files)
      output.standardOutput += "baton generate: \(files.count) files in \(config.output)"
        + " (\(changes.written.count) written, \(changes.removed.count) removed, \(changes.unchanged) unchanged).\n"
      return .success
    } catch {
      output.standardError += error.description + "\n"
      return .inputError
    }
  }
}
