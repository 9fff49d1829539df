/// The `baton` command line: picks the subcommand, parses its arguments, runs it.
public enum Baton {
  /// Every subcommand, in the order `baton --help` lists them.
  public static var commands: [RegisteredCommand] {
    [
      RegisteredCommand(FormatCommand.self), RegisteredCommand(CheckCommand.self),
      RegisteredCommand(SchemaCommand.self), RegisteredCommand(GenerateCommand.self),
      RegisteredCommand(InspectCommand.self),
    ]
  }

  /// Runs `baton` with `arguments` (without the program name).
  public static func run(_ arguments: [String], output: inout CommandOutput) -> ExitCode {
    guard let name = arguments.first else {
      return usageError(.missingCommand, usage: overview, output: &output)
    }
    if name == "-h" || name == "--help" || name == "help" {
      output.standardOutput += overview
      return .success
    }
    guard let command = commands.first(where: { $0.spec.name == name }) else {
      return usageError(.unknownCommand(name), usage: overview, output: &output)
    }
    let parsed: ParsedArguments
    do throws(UsageError) {
      parsed = try ArgumentReader.parse(Array(arguments.dropFirst()), spec: command.spec)
    } catch {
      return usageError(error, usage: "USAGE: \(command.spec.usage)\n", output: &output)
    }
    if parsed.wantsHelp {
      output.standardOutput += command.spec.helpText
      return .success
    }
    return command.run(parsed, &output)
  }

  /// The top-level help: one line per subcommand.
  public static var overview: String {
    let width = commands.map(\.spec.name.count).max() ?? 0
    let lines = commands.map { command in
      "  " + command.spec.name + String(repeating: " ", count: width - command.spec.name.count + 2)
        + command.spec.summary
    }
    return (["USAGE: baton <command> [options]", "", "COMMANDS:"] + lines
      + ["", "See 'baton <command> --help' for a command's options."])
      .joined(separator: "\n") + "\n"
  }

  /// Prints `error` and the usage; a command that finds its arguments inconsistent ends
  /// with this too.
  static func usageError(
    _ error: UsageError, usage: String, output: inout CommandOutput
  ) -> ExitCode {
    output.standardError += "baton: \(error)\n\(usage)"
    return .usageError
  }
}
