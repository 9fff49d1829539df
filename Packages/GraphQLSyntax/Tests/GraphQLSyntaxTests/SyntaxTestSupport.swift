import Testing

@testable import GraphQLSyntax

/// A source that must fail to parse with `message` at `line:column`.
struct RejectedSource: CustomTestStringConvertible, Sendable {
  var source: String
  var message: String
  var line: Int
  var column: Int

  init(_ source: String, _ message: String, _ line: Int, _ column: Int) {
    self.source = source
    self.message = message
    self.line = line
    self.column = column
  }

  var testDescription: String { source.debugDescription }
}

/// Parses `source`, expecting a syntax error with exactly this message and place.
func expectRejected(
  _ rejected: RejectedSource, options: ParseOptions = ParseOptions(),
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  do throws(SyntaxError) {
    let document = try parse(Source(rejected.source), options: options)
    Issue.record(
      "Parsed, printing \(Printer.print(document).debugDescription)",
      sourceLocation: sourceLocation)
  } catch {
    #expect(error.message == rejected.message, sourceLocation: sourceLocation)
    #expect(error.line == rejected.line, sourceLocation: sourceLocation)
    #expect(error.column == rejected.column, sourceLocation: sourceLocation)
  }
}

/// Parses with no locations, so that results compare by structure.
func parseStructure(
  _ text: String, experimental: Bool = false
) throws(SyntaxError) -> Document {
  try parse(
    Source(text), options: ParseOptions(noLocation: true, experimentalFragmentArguments: experimental))
}

/// The value of the single argument `x` of the single field in `{ a(x: VALUE) }`.
func argumentValue(_ valueText: String) throws(SyntaxError) -> Value {
  try parseValue(Source(valueText), options: ParseOptions(noLocation: true))
}

/// The tokens of `text` as (kind, start, end), up to and including end of file.
func lexTokens(_ text: String) throws(SyntaxError) -> [Token] {
  let source = Source(text)
  let result: Result<[Token], SyntaxError> = source.bytes.withUnsafeBufferPointer { bytes in
    var lexer = Lexer(bytes: bytes, source: source, maxTokens: nil)
    var tokens: [Token] = []
    do throws(SyntaxError) {
      repeat {
        try lexer.advance()
        tokens.append(lexer.token)
      } while lexer.token.kind != .endOfFile
      return .success(tokens)
    } catch {
      return .failure(error)
    }
  }
  return try result.get()
}
