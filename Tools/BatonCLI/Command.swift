/// How a command ended: 0 done, 1 a problem with the input (a syntax error, a file
/// that would change under `--check`), 2 a wrong command line.
public enum ExitCode: Int32, Sendable {
  case success = 0
  case inputError = 1
  case usageError = 2
}

/// What a command printed, kept so that tests can read it and `main` can write it.
public struct CommandOutput: Sendable {
  public var standardOutput = ""
  public var standardError = ""

  public init() {}
}

/// A `baton` subcommand: its spec and what it does with parsed arguments. Each
/// subcommand is one file (`FormatCommand.swift`).
public protocol Command: Sendable {
  static var spec: CommandSpec { get }
  static func run(_ arguments: ParsedArguments, output: inout CommandOutput) -> ExitCode
}

/// A subcommand as `Baton` lists and runs it.
public struct RegisteredCommand: Sendable {
  public let spec: CommandSpec
  let run: @Sendable (ParsedArguments, inout CommandOutput) -> ExitCode

  public init<C: Command>(_ command: C.Type) {
    spec = C.spec
    run = { arguments, output in C.run(arguments, output: &output) }
  }
}
