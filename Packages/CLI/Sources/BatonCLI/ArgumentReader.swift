/// Reads command lines: `--flag` (or its short `-x`), `--option value`, `--option=value`,
/// positionals (`-` among them, for standard input), and `--` after which everything is
/// positional. Every subcommand shares it.
public enum ArgumentReader {
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
      guard argument.hasPrefix("--") else {
        guard let flag = spec.flags.first(where: { $0.short.map { "-\($0)" } == argument }) else {
          throw .unknownOption(argument)
        }
        parsed.flags.insert(flag.name)
        continue
      }
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
