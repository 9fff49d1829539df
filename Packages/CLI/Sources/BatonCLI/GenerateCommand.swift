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
      let generation = try Generator.generation(config: config)
      let files = generation.files
      if let manifest = generation.manifest, !write(manifest.contents, to: manifest.path, output: &output) {
        return .inputError
      }
      if let combined = arguments.option("combined") {
        return write(CombinedFile.text(files), to: combined, output: &output) ? .success : .inputError
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

  /// Writes `text` to `path` unless the file already holds it; says why not on failure.
  private static func write(_ text: String, to path: String, output: inout CommandOutput) -> Bool {
    let bytes = Data(text.utf8)
    if FileManager.default.contents(atPath: path) == bytes { return true }
    do {
      let folder = (path as NSString).deletingLastPathComponent
      if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
      try bytes.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      output.standardError += "baton generate: cannot write \"\(path)\".\n"
      return false
    }
    return true
  }
}
