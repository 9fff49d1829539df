import BatonCodegen
import Foundation

/// `baton generate [--config baton.json]`: reads the target's configuration, schema and
/// documents, and writes the generated Swift. Exit 1 on any error in the
/// input, each printed as `file:line:column: error: message`.
public enum GenerateCommand: Command {
  public static let spec = CommandSpec(
    name: "generate",
    summary: "Generate Swift types for a target's GraphQL operations and fragments.",
    options: [
      .init("config", valueName: "path", help: "The target's baton.json (default: ./baton.json)."),
      .init("combined", valueName: "file", help: "Write everything into this one file instead (the build plugin uses it)."),
    ])

  public static func run(_ arguments: ParsedArguments, output: inout CommandOutput) -> ExitCode {
    let path = arguments.option("config") ?? "baton.json"
    guard let config = BatonConfig.load(path: path, reportingTo: &output) else { return .inputError }
    do throws(CodegenErrors) {
      let files = try Generator.generate(config: config)
      if let combined = arguments.option("combined") {
        return writeCombined(files, to: combined, output: &output)
      }
      let changes = try OutputFolder(path: config.output).write(files)
      output.standardOutput += "baton generate: \(files.count) files in \(config.output)"
        + " (\(changes.written.count) written, \(changes.removed.count) removed, \(changes.unchanged) unchanged).\n"
      return .success
    } catch {
      output.standardError += error.description + "\n"
      return .inputError
    }
  }

  private static func writeCombined(_ files: [GeneratedFile], to path: String, output: inout CommandOutput) -> ExitCode {
    let bytes = Data(CombinedFile.text(files).utf8)
    if FileManager.default.contents(atPath: path) == bytes { return .success }
    do {
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try bytes.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      output.standardError += "baton generate: cannot write \"\(path)\".\n"
      return .inputError
    }
    return .success
  }
}
