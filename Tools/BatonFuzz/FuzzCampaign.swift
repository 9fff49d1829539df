#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GraphQLSyntax

/// The checks on each fuzz input and their tally.
struct FuzzCampaign {
  private(set) var parsed = 0
  private(set) var rejected = 0
  /// Documents whose printed form reads back differently only because print_ast's output
  /// is ambiguous there (see `isPrintAmbiguity`); counted, not findings.
  private(set) var ambiguous = 0
  private(set) var findings: [String] = []
  /// The input that took the most CPU time to check, to show that no input is
  /// pathologically slow (CPU time, so that a busy machine does not skew it).
  private(set) var slowest: (seconds: Double, iteration: Int) = (0, 0)

  /// Parse options for one input: mostly the defaults, sometimes without locations,
  /// with fragment arguments, or with small token and depth limits.
  static func options(_ random: inout FuzzRandom) -> ParseOptions {
    var options = ParseOptions()
    options.noLocation = random.oneIn(4)
    options.experimentalFragmentArguments = random.oneIn(3)
    if random.oneIn(16) { options.maxTokens = random.below(64) }
    if random.oneIn(16) { options.maxDepth = random.below(16) }
    return options
  }

  mutating func check(_ input: [UInt8], options: ParseOptions, iteration: Int) {
    let start = Self.threadCPUSeconds()
    checkTimed(input, options: options, iteration: iteration)
    let seconds = Self.threadCPUSeconds() - start
    if seconds > slowest.seconds { slowest = (seconds, iteration) }
  }

  private static func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  private mutating func checkTimed(_ input: [UInt8], options: ParseOptions, iteration: Int) {
    let source = Source(bytes: input, name: "fuzz")
    let document: Document
    do throws(SyntaxError) {
      document = try parse(source, options: options)
    } catch {
      rejected += 1
      if error.line < 1 || error.column < 1 || error.message.isEmpty {
        record(iteration, "error without a place: \(error.line):\(error.column) \(error.message)", input)
      }
      if iteration % 64 == 0 { _ = error.description }
      return
    }
    parsed += 1
    var plain = options
    plain.noLocation = true
    let printed = Printer.print(document)
    let original = options.noLocation ? document : try? parse(source, options: plain)
    let reparsed: Result<Document, SyntaxError> = Result { () throws(SyntaxError) in
      try parse(Source(printed, name: "printed"), options: plain)
    }
    guard let original else {
      record(iteration, "parses with locations but not without", input)
      return
    }
    if case .success(original) = reparsed { return }
    if let definition = Self.definitionNotRoundTripping(original, plain) {
      record(iteration, "parse(print(x)) != x for the definition \(definition.debugDescription.prefix(400))", input)
    } else if Self.isPrintAmbiguity(original) {
      ambiguous += 1
    } else if case .failure(let error) = reparsed {
      record(iteration, "printed form rejected: \(error.message) at \(error.line):\(error.column); printed \(printed.debugDescription.prefix(400))", input)
    } else {
      record(iteration, "parse(print(x)) != x; printed \(printed.debugDescription.prefix(400))", input)
    }
  }

  /// The printed form of the first definition that does not parse back to itself alone.
  static func definitionNotRoundTripping(_ document: Document, _ options: ParseOptions) -> String? {
    for definition in document.definitions {
      let printed = Printer.print(definition)
      let reparsed = try? parse(Source(printed, name: "printed"), options: options)
      if reparsed != Document(definitions: [definition]) { return printed }
    }
    return nil
  }

  /// Whether a query shorthand `{ ... }` follows a definition whose body is optional
  /// (`type T`, `input I`, `extend schema @d`, ...). print_ast (graphql-js and
  /// graphql-core alike) prints the two apart, and a parser reads the `{` as that
  /// definition's body. The printer must match print_ast, so this is not a finding.
  static func isPrintAmbiguity(_ document: Document) -> Bool {
    zip(document.definitions, document.definitions.dropFirst()).contains { _, next in
      guard case .operation(let operation) = next else { return false }
      return operation.operation == .query && operation.name == nil
        && operation.variableDefinitions.isEmpty && operation.directives.isEmpty
        && operation.description == nil
    }
  }

  private mutating func record(_ iteration: Int, _ problem: String, _ input: [UInt8]) {
    let text = String(decoding: input.prefix(400), as: UTF8.self)
    findings.append("#\(iteration): \(problem)\n  input: \(text.debugDescription)")
  }
}
