/// How a command ended: 0 done, 1 a problem with the input (a syntax error, a file
/// that would change under `--check`), 2 a wrong command line.
public enum ExitCode: Int32, Sendable {
  case success = 0
  case inputError = 1
  case usageError = 2
}
