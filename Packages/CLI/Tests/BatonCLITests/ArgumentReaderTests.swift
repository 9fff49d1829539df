import Testing

@testable import BatonCLI

@Suite("Argument parser")
struct ArgumentReaderTests {
  static let spec = CommandSpec(
    name: "demo", summary: "A demo command.",
    flags: [.init("check", help: "Check only.")],
    options: [.init("config", valueName: "path", help: "A config file.")],
    positional: .init("file", help: "Input files.", isRepeating: true))

  @Test("Flags, options in both spellings, positionals and -- are read")
  func parses() throws {
    let parsed = try ArgumentReader.parse(
      ["a.graphql", "--check", "--config", "x.json", "--config=y.json", "--", "--b.graphql"],
      spec: Self.spec)
    #expect(parsed.flag("check"))
    #expect(parsed.options["config"] == ["x.json", "y.json"])
    #expect(parsed.option("config") == "y.json")
    #expect(parsed.positionals == ["a.graphql", "--b.graphql"])
    #expect(!parsed.wantsHelp)
  }

  @Test("-h and --help ask for help, skipping the rest; earlier mistakes still count")
  func help() throws {
    #expect(try ArgumentReader.parse(["-h", "--bogus"], spec: Self.spec).wantsHelp)
    #expect(try ArgumentReader.parse(["--help"], spec: Self.spec).wantsHelp)
    #expect(throws: UsageError.unknownOption("--bogus")) {
      try ArgumentReader.parse(["--bogus", "--help"], spec: Self.spec)
    }
  }

  @Test(
    "Wrong command lines give a clear usage error",
    arguments: [
      (["--bogus", "a"], UsageError.unknownOption("--bogus")),
      (["-x", "a"], .unknownOption("-x")),
      (["a", "--config"], .missingValue(option: "config")),
      (["--check=yes", "a"], .unexpectedValue(flag: "check")),
      (["--check"], .missingPositional("file")),
    ])
  func usageErrors(arguments: [String], expected: UsageError) {
    #expect(throws: expected) { try ArgumentReader.parse(arguments, spec: Self.spec) }
  }

  @Test("A command without positionals rejects them; a single positional rejects a second")
  func positionalCounts() {
    let none = CommandSpec(name: "none", summary: "")
    #expect(throws: UsageError.unexpectedArgument("x")) { try ArgumentReader.parse(["x"], spec: none) }
    let one = CommandSpec(name: "one", summary: "", positional: .init("schema", help: ""))
    #expect(throws: UsageError.unexpectedArgument("b")) {
      try ArgumentReader.parse(["a", "b"], spec: one)
    }
  }

  @Test("Usage and help text come from the spec")
  func helpText() {
    #expect(Self.spec.usage == "baton demo [--check] [--config <path>] <file> ...")
    #expect(
      Self.spec.helpText == """
        USAGE: baton demo [--check] [--config <path>] <file> ...

        A demo command.

        ARGUMENTS AND OPTIONS:
          <file>           Input files.
          --check          Check only.
          --config <path>  A config file.
          -h, --help       Show this help.

        """)
  }
}
