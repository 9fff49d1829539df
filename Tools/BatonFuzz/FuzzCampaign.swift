import GraphQLSyntax

/// The checks on each fuzz input and their tally.
struct FuzzCampaign {
  private(set) var parsed = 0
  private(set) var rejected = 0
  private(set) var findings: [String] = []

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
    do throws(SyntaxError) {
      let original = options.noLocation ? document : try parse(source, options: plain)
      let reparsed = try parse(Source(printed, name: "printed"), options: plain)
      if reparsed != original {
        record(iteration, "parse(print(x)) != x; printed \(printed.debugDescription.prefix(400))", input)
      }
    } catch {
      record(iteration, "printed form rejected: \(error.message) at \(error.line):\(error.column); printed \(printed.debugDescription.prefix(400))", input)
    }
  }

  private mutating func record(_ iteration: Int, _ problem: String, _ input: [UInt8]) {
    let text = String(decoding: input.prefix(400), as: UTF8.self)
    findings.append("#\(iteration): \(problem)\n  input: \(text.debugDescription)")
  }
}
