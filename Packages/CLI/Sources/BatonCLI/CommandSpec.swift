/// What a subcommand accepts: its flags, options with values and positional arguments.
/// `ArgumentReader` reads command lines against it and `helpText` documents it.
public struct CommandSpec: Sendable {
  /// A `--name` switch without a value, also spelled `-x` when it has a short letter.
  public struct Flag: Sendable {
    public var name: String
    public var short: Character?
    public var help: String

    public init(_ name: String, short: Character? = nil, help: String) {
      self.name = name
      self.short = short
      self.help = help
    }

    /// `--name`, or `-x|--name` with a short letter, `separator` between them.
    func spelling(_ separator: String) -> String {
      (short.map { "-\($0)" + separator } ?? "") + "--" + name
    }
  }

  /// A `--name value` (or `--name=value`) option; it may be repeated.
  public struct Option: Sendable {
    public var name: String
    public var valueName: String
    public var help: String

    public init(_ name: String, valueName: String, help: String) {
      self.name = name
      self.valueName = valueName
      self.help = help
    }
  }

  /// The positional arguments: a name for messages and how many are required.
  public struct Positional: Sendable {
    public var name: String
    public var help: String
    public var minimumCount: Int
    public var isRepeating: Bool

    public init(_ name: String, help: String, minimumCount: Int = 1, isRepeating: Bool = false) {
      self.name = name
      self.help = help
      self.minimumCount = minimumCount
      self.isRepeating = isRepeating
    }
  }

  public var name: String
  public var summary: String
  public var flags: [Flag]
  public var options: [Option]
  public var positional: Positional?

  public init(
    name: String, summary: String, flags: [Flag] = [], options: [Option] = [],
    positional: Positional? = nil
  ) {
    self.name = name
    self.summary = summary
    self.flags = flags
    self.options = options
    self.positional = positional
  }

  /// One usage line, e.g. `baton format [-w|--write] [--check] <file> ...`.
  public var usage: String {
    var parts = ["baton", name]
    parts += flags.map { "[\($0.spelling("|"))]" }
    parts += options.map { "[--\($0.name) <\($0.valueName)>]" }
    if let positional {
      let argument = "<\(positional.name)>" + (positional.isRepeating ? " ..." : "")
      parts.append(positional.minimumCount > 0 ? argument : "[\(argument)]")
    }
    return parts.joined(separator: " ")
  }

  /// The text `--help` prints.
  public var helpText: String {
    var rows: [(String, String)] = []
    if let positional {
      rows.append(("<\(positional.name)>", positional.help))
    }
    rows += flags.map { ($0.spelling(", "), $0.help) }
    rows += options.map { ("--\($0.name) <\($0.valueName)>", $0.help) }
    rows.append(("-h, --help", "Show this help."))
    let width = rows.map(\.0.count).max() ?? 0
    let table = rows.map { left, right in
      "  " + left + String(repeating: " ", count: width - left.count + 2) + right
    }
    return (["USAGE: \(usage)", "", summary, "", "ARGUMENTS AND OPTIONS:"] + table)
      .joined(separator: "\n") + "\n"
  }
}
