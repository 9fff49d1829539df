import BatonImage
import BatonInspector
import Foundation

/// `baton inspect IMAGE [--json] [--html FILE]`: what a store image holds — operations
/// (variables, last fetch, staleness and why, records reached), records (fields, links,
/// stored field errors) and size per type — as text, as JSON for tools, or as the
/// self-contained inspector page. The image is untrusted input: a damaged file is
/// reported with what is wrong and where, and exits 1.
public enum InspectCommand: Command {
  public static let spec = CommandSpec(
    name: "inspect",
    summary: "Show what a store image holds: operations, records, field errors, staleness.",
    flags: [.init("json", help: "Print JSON (schema in Documentation/Inspector.md) instead of text.")],
    options: [
      .init("html", valueName: "file", help: "Write the inspector page (one self-contained HTML file) to <file>."),
      .init(
        "stale-after", valueName: "seconds",
        help: "How long a fetch stays fresh (the target's staleAfter); without it only marked staleness counts."),
    ],
    positional: .init("image", help: "A store image file, as FileImage writes it."))

  public static func run(_ arguments: ParsedArguments, output: inout CommandOutput) -> ExitCode {
    guard let path = arguments.positionals.first, path != "-" else {
      return usageError("Give the path of an image file.", output: &output)
    }
    var staleAfter: Duration?
    if let text = arguments.option("stale-after") {
      guard let seconds = Int(text), seconds >= 0 else {
        return usageError("--stale-after takes a whole number of seconds, not '\(text)'.", output: &output)
      }
      staleAfter = .seconds(seconds)
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
      output.standardError += "baton inspect: cannot read '\(path)'.\n"
      return .inputError
    }
    let inspection: Inspection
    do throws(ImageError) {
      // The image with its change log beside it: what the store's next launch would load.
      let image = try FileImage.contents(at: URL(fileURLWithPath: path))
      inspection = Inspection(image: image, source: path, staleAfter: staleAfter)
    } catch {
      output.standardError += "\(path): \(error)\n"
      return .inputError
    }
    if let page = arguments.option("html") {
      do {
        try Data(inspection.html).write(to: URL(fileURLWithPath: page))
      } catch {
        output.standardError += "baton inspect: could not write '\(page)': \(error.localizedDescription)\n"
        return .inputError
      }
      if !arguments.flag("json") {
        output.standardOutput += "Wrote the inspector page of \(inspection.records.count) records to \(page).\n"
        return .success
      }
    }
    if arguments.flag("json") {
      output.standardOutput += String(decoding: inspection.json, as: UTF8.self) + "\n"
    } else {
      output.standardOutput += inspection.text
    }
    return .success
  }

  private static func usageError(_ message: String, output: inout CommandOutput) -> ExitCode {
    output.standardError += "baton inspect: \(message)\nUSAGE: \(spec.usage)\n"
    return .usageError
  }
}
