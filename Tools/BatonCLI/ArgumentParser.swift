/// A command line read against a `CommandSpec`.
public struct ParsedArguments: Equatable, Sendable {
  /// The flags that were given, by name.
  public var flags: Set<String> = []
  /// Every value given for each option, in order.
  public var options: [String: [String]] = [:]
  /// The positional arguments, in order.
  public var positionals: [String] = []
  /// Whether `-h` or `--help` was given; nothing else is checked then.
  public var wantsHelp = false

  public init() {}

  public func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The last value given for `name`, if any.
  public func option(_ name: String) -> String? { options[name]?.last }
}

/// A command line that does not fit the command's spec.
public enum UsageError: Error, Equatable, CustomStringConvertible, Sendable {
  case missingCommand
  case unknownCommand(String)
  case unknownOption(String)
  case missingValue(option: String)
  case unexpectedValue(flag: String)
  case missingPositional(String)
  case unexpectedArgument(String)

  public var description: String {
    switch self {
    case .missingCommand: "No command given."
    case .unknownCommand(let name): "Unknown command '\(name)'."
    case .unknownOption(let option): "Unknown option '\(option)'."
    case .missingValue(let option): "Missing value for option '--\(option)'."
    case .unexpectedValue(let flag): "The flag '--\(flag)' takes no value."
    case .missingPositional(let name): "Missing argument <\(name)>."
    case .unexpectedArgument(let argument): "Unexpected argument '\(argument)'."
    }
  }
}

/// Reads command lines: `--flag`, `--option value`, `--option=value`, positionals, and
/// `--` after which everything is positional. Every subcommand shares it.
public enum ArgumentParser {
  public static func parse(
    _ arguments: [String], spec: CommandSpec
  ) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      if argument == "-h" || argument == "--help" {
        parsed.wantsHelp = true
        return parsed
      }
      guard argument.hasPrefix("--") else { throw .unknownOption(argument) }
      let body = argument.dropFirst(2)
      let name = String(body.prefix { $0 != "=" })
      let inlineValue = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
      if spec.flags.contains(where: { $0.name == name }) {
        if inlineValue != nil { throw .unexpectedValue(flag: name) }
        parsed.flags.insert(name)
      } else if spec.options.contains(where: { $0.name == name }) {
        if let inlineValue {
          parsed.options[name, default: []].append(inlineValue)
        } else if index < arguments.count {
          parsed.options[name, default: []].append(arguments[index])
          index += 1
        } else {
          throw .missingValue(option: name)
        }
      } else {
        throw .unknownOption(argument)
      }
    }
    try checkPositionals(parsed.positionals, spec.positional)
    return parsed
  }

  private static func checkPositionals(
    _ positionals: [String], _ spec: CommandSpec.Positional?
  ) throws(UsageError) {
    guard let spec else {
      if let first = positionals.first { throw .unexpectedArgument(first) }
      return
    }
    if positionals.count < spec.minimumCount {
      throw .missingPositional(spec.name)
    }
    if !spec.isRepeating && positionals.count > 1 {
      throw .unexpectedArgument(positionals[1])
    }
  }
}
