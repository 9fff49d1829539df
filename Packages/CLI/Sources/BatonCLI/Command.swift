/// A `baton` subcommand: its spec and what it does with parsed arguments. Each
/// subcommand is one file (`FormatCommand.swift`).
public protocol Command: Sendable {
  static var spec: CommandSpec { get }
  static func run(_ arguments: ParsedArguments, output: inout CommandOutput) -> ExitCode
}
