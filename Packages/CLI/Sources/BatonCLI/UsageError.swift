/// A command line that does not fit the command's spec.
public enum UsageError: Error, Equatable, CustomStringConvertible, Sendable {
  case missingCommand
  case unknownCommand(String)
  case unknownOption(String)
  case missingValue(option: String)
  case unexpectedValue(flag: String)
  case missingPositional(String)
  case unexpectedArgument(String)
  case conflictingFlags(String, String)
  case standardInputNotAllowed(flag: String)

  public var description: String {
    switch self {
    case .missingCommand: "No command given."
    case .unknownCommand(let name): "Unknown command '\(name)'."
    case .unknownOption(let option): "Unknown option '\(option)'."
    case .missingValue(let option): "Missing value for option '--\(option)'."
    case .unexpectedValue(let flag): "The flag '--\(flag)' takes no value."
    case .missingPositional(let name): "Missing argument <\(name)>."
    case .unexpectedArgument(let argument): "Unexpected argument '\(argument)'."
    case .conflictingFlags(let first, let second):
      "'--\(first)' and '--\(second)' cannot be used together."
    case .standardInputNotAllowed(let flag): "'--\(flag)' cannot be used with standard input ('-')."
    }
  }
}
