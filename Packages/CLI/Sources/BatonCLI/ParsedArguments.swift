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
