import Foundation
import GraphQLSyntax

/// `baton format [-w|--write] [--check] FILE...`: prints GraphQL files in canonical form
/// (graphql-js's printer) with their comments kept; `-w` rewrites them in place instead,
/// `--check` only names the files that would change, and `-` is standard input.
public enum FormatCommand: Command {
  public static let spec = CommandSpec(
    name: "format",
    summary: "Print GraphQL files in canonical form, keeping their comments.",
    flags: [
      .init("write", short: "w", help: "Rewrite the files in place instead of printing them."),
      .init("check", help: "Change nothing; name the files that would change and exit 1."),
    ],
    positional: .init(
      "file", help: "A GraphQL document (.graphql), or - for standard input.", isRepeating: true))

  /// What is done with each file's canonical form.
  private enum Mode {
    case print, write, check
  }

  public static func run(_ arguments: ParsedArguments, output: inout CommandOutput) -> ExitCode {
    run(arguments, output: &output) {
      [UInt8](FileHandle.standardInput.readDataToEndOfFile())
    }
  }

  /// `run` with standard input read by `standardInput`, for tests.
  static func run(
    _ arguments: ParsedArguments, output: inout CommandOutput, standardInput: () -> [UInt8]
  ) -> ExitCode {
    let usage = "USAGE: \(spec.usage)\n"
    let mode: Mode
    switch (arguments.flag("write"), arguments.flag("check")) {
    case (true, true): return Baton.usageError(.conflictingFlags("check", "write"), usage: usage, output: &output)
    case (true, false): mode = .write
    case (false, true): mode = .check
    case (false, false): mode = .print
    }
    if mode == .write && arguments.positionals.contains("-") {
      return Baton.usageError(.standardInputNotAllowed(flag: "write"), usage: usage, output: &output)
    }
    var failed = false
    var unformatted = 0
    for path in arguments.positionals {
      let isStandardInput = path == "-"
      let name = isStandardInput ? "<stdin>" : path
      let original = isStandardInput ? standardInput() : FileManager.default.contents(atPath: path).map { [UInt8]($0) }
      guard let original else {
        output.standardError += "baton format: cannot read '\(path)'.\n"
        failed = true
        continue
      }
      let formatted: [UInt8]
      do throws(SyntaxError) {
        formatted = try format(original, name: name)
      } catch {
        output.standardError += error.description + "\n"
        failed = true
        continue
      }
      switch mode {
      case .print:
        output.standardOutput += String(decoding: formatted, as: UTF8.self)
      case .check where formatted != original:
        unformatted += 1
        output.standardOutput += name + "\n"
      case .write where formatted != original:
        if let message = write(formatted, to: path) {
          output.standardError += message + "\n"
          failed = true
        }
      case .check, .write:
        break
      }
    }
    if unformatted > 0 {
      let files = unformatted == 1 ? "1 file" : "\(unformatted) files"
      output.standardError += "baton format: \(files) would be reformatted.\n"
    }
    return failed || unformatted > 0 ? .inputError : .success
  }

  /// The canonical form of a document (ending in a newline), its comments kept.
  ///
  /// - Throws: `SyntaxError` for bytes that are not UTF-8 or not GraphQL.
  private static func format(_ bytes: [UInt8], name: String) throws(SyntaxError) -> [UInt8] {
    let commented = try parseKeepingComments(Source(validating: bytes, name: name))
    return Array((Printer.print(commented) + "\n").utf8)
  }

  /// Replaces the file (the one a symbolic link points to) atomically, keeping its
  /// permissions; returns a message on failure.
  private static func write(_ bytes: [UInt8], to path: String) -> String? {
    let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
    do {
      let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]
      try Data(bytes).write(to: url, options: .atomic)
      if let permissions {
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: url.path)
      }
      return nil
    } catch {
      return "baton format: cannot write '\(path)': \(error.localizedDescription)"
    }
  }
}
