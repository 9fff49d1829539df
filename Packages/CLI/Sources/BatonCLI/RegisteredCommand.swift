/// A subcommand as `Baton` lists and runs it.
public struct RegisteredCommand: Sendable {
  public let spec: CommandSpec
  let run: @Sendable (ParsedArguments, inout CommandOutput) -> ExitCode

  public init<C: Command>(_ command: C.Type) {
    spec = C.spec
    run = { arguments, output in C.run(arguments, output: &output) }
  }
}
