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
  /// Parsed documents with comments that were also printed with them (`baton format`).
  private(set) var commented = 0
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
    if input.contains(0x23) {  // #
      checkComments(source, original, options, iteration: iteration, input)
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

  /// The formatter's path: printed with its comments, a document must print again
  /// unchanged, keep each comment once and read back to the same tree.
  private mutating func checkComments(
    _ source: Source, _ original: Document, _ options: ParseOptions, iteration: Int, _ input: [UInt8]
  ) {
    var unlimited = options
    unlimited.maxTokens = nil
    do throws(SyntaxError) {
      let commented = try parseKeepingComments(source, options: unlimited)
      guard !commented.comments.isEmpty else { return }
      self.commented += 1
      let printed = Printer.print(commented)
      let reread = try parseKeepingComments(Source(printed, name: "printed"), options: unlimited)
      if Self.commentTexts(reread).sorted() != Self.commentTexts(commented).sorted() {
        record(iteration, "comments lost or added; printed \(printed.debugDescription.prefix(400))", input)
      }
      // A shorthand query after a definition without a body reads back as that body, with
      // or without comments (see `isPrintAmbiguity`): print_ast's text, not a finding.
      if Self.isPrintAmbiguity(original) { return }
      if Printer.print(reread) != printed {
        record(iteration, "printing with comments again changes \(printed.debugDescription.prefix(400))", input)
      }
      unlimited.noLocation = true
      if try parse(Source(printed), options: unlimited) != original {
        record(iteration, "printed with comments, reads back differently: \(printed.debugDescription.prefix(400))", input)
      }
    } catch {
      record(iteration, "printed with comments, rejected: \(error.message) at \(error.line):\(error.column)", input)
    }
  }

  /// Each comment's text without the blanks ending its line, as the printer writes it.
  private static func commentTexts(_ commented: CommentedDocument) -> [String] {
    commented.comments.map { comment in
      var end = comment.end
      while end > comment.start, [0x20, 0x09].contains(commented.source.bytes[end - 1]) { end -= 1 }
      return String(decoding: commented.source.bytes[comment.start..<end], as: UTF8.self)
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
