import Foundation
import GraphQLSyntax

/// `baton format [--check] FILE...`: rewrites GraphQL files in canonical form (graphql-js's
/// printer), or with `--check` only names the files that would change.
public enum FormatCommand: Command {
  public static let spec = CommandSpec(
    name: "format",
    summary: "Print GraphQL files in canonical form, rewriting them in place.",
    flags: [.init("check", help: "Change nothing; name the files that would change and exit 1.")],
    positional: .init("file", help: "A GraphQL document (.graphql).", isRepeating: true))

  public static func run(_ arguments: ParsedArguments, output: inout CommandOutput) -> ExitCode {
    let check = arguments.flag("check")
    var failed = false
    var unformatted: [String] = []
    for path in arguments.positionals {
      switch format(path) {
      case .failure(let failure):
        output.standardError += failure.message + "\n"
        failed = true
      case .success(let result) where result.original != result.formatted:
        if check {
          unformatted.append(path)
          output.standardOutput += path + "\n"
        } else if let message = write(result.formatted, to: path) {
          output.standardError += message + "\n"
          failed = true
        }
      case .success:
        break
      }
    }
    if !unformatted.isEmpty {
      let files = unformatted.count == 1 ? "1 file" : "\(unformatted.count) files"
      output.standardError += "baton format: \(files) would be reformatted.\n"
    }
    return failed || !unformatted.isEmpty ? .inputError : .success
  }

  private struct Formatted {
    var original: [UInt8]
    var formatted: [UInt8]
  }

  /// Why one file could not be formatted; the message is printed as is.
  private struct FormatFailure: Error {
    var message: String

    init(_ message: String) {
      self.message = message
    }
  }

  /// The file's bytes and its canonical form (ending in a newline), or why not.
  private static func format(_ path: String) -> Result<Formatted, FormatFailure> {
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(FormatFailure("baton format: cannot read '\(path)'."))
    }
    let bytes = [UInt8](data)
    do throws(SyntaxError) {
      let document = try parse(Source(bytes: bytes, name: path))
      return .success(Formatted(original: bytes, formatted: Array((Printer.print(document) + "\n").utf8)))
    } catch {
      return .failure(FormatFailure(error.description))
    }
  }

  /// Writes atomically; returns a message on failure.
  private static func write(_ bytes: [UInt8], to path: String) -> String? {
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
      return nil
    } catch {
      return "baton format: cannot write '\(path)': \(error.localizedDescription)"
    }
  }
}
