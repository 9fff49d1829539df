import Foundation
import GraphQLSyntax
import TestPrerequisites
import Testing

/// GraphQLSyntax against graphql-core 3.3.2 on the same documents: graphql-core's
/// fixtures, 2,400 documents drawn from every production of the grammar, mutations of
/// them and one hand-written case per syntax error (see Tools/oracle/syntax_corpus.py).
/// The oracle data comes from Tools/test.sh; without it these tests fail, never pass.
@Suite("Differential: GraphQLSyntax vs graphql-core", .requires(.oracle))
struct DifferentialTests {
  static let corpus = Result { try DifferentialCorpus.load() }

  private func loadCorpus() throws -> DifferentialCorpus {
    try Self.corpus.get()
  }

  @Test("The corpus covers the fixtures and enough valid and invalid documents")
  func corpusIsComplete() throws {
    let corpus = try loadCorpus()
    #expect(corpus.graphqlCore == "3.3.2")
    let fixtures = corpus.cases.filter { $0.name.hasPrefix("fixture/") }.map(\.name)
    #expect(fixtures.count == 4, "fixtures in the corpus: \(fixtures)")
    #expect(corpus.valid.count >= 2_000)
    #expect(corpus.invalid.count >= 500)
  }

  @Test("Valid documents print exactly as graphql-core's print_ast prints them")
  func printsLikeGraphQLCore() throws {
    var report = MismatchReport("print(parse(x)) vs print_ast(parse(x))")
    for entry in try loadCorpus().valid {
      guard let expected = entry.printed else { continue }
      report.check()
      do throws(SyntaxError) {
        let printed = Printer.print(try parse(Source(entry.source, name: entry.name), options: entry.parseOptions))
        if printed != expected {
          report.add(entry.name, "\(MismatchReport.firstDifference(expected: expected, actual: printed)) in \(entry.quotedSource)")
        }
      } catch {
        report.add(entry.name, "rejected at \(error.line):\(error.column) with \"\(error.message)\"; graphql-core accepts \(entry.quotedSource)")
      }
    }
    #expect(report.count == 0, Comment(rawValue: report.summary))
  }

  /// Where print_ast's output is ambiguous (a query shorthand after a definition whose
  /// body is optional, see `PrintAmbiguity`), each definition must still round-trip alone.
  @Test("Printing then parsing again gives the same syntax tree")
  func reprintRoundTrips() throws {
    var report = MismatchReport("parse(print(parse(x))) vs parse(x)")
    for entry in try loadCorpus().valid {
      report.check()
      let options = entry.parseOptions
      let document: Document
      do throws(SyntaxError) {
        document = try parse(Source(entry.source, name: entry.name), options: options)
      } catch {
        report.add(entry.name, "rejected at \(error.line):\(error.column) with \"\(error.message)\"")
        continue
      }
      let printed = Printer.print(document)
      if (try? parse(Source(printed, name: "printed"), options: options)) == document { continue }
      if let definition = PrintAmbiguity.definitionNotRoundTripping(document, options) {
        report.add(entry.name, "this definition does not round-trip: \(definition.debugDescription.prefix(300))")
      } else if !PrintAmbiguity.hasShorthandAfterDefinition(document) {
        report.add(entry.name, "the reparsed tree differs; printed as \(printed.debugDescription.prefix(300))")
      }
    }
    #expect(report.count == 0, Comment(rawValue: report.summary))
  }

  /// The formatter's path: without comments it must print as print_ast does; with them,
  /// keep each once, reparse to the same tree and print again unchanged.
  @Test("Printing with comments: print_ast's text without them, idempotent and lossless with them")
  func printsWithComments() throws {
    var report = MismatchReport("print(parseKeepingComments(x)) vs print_ast, and reprinted")
    for entry in try loadCorpus().valid {
      report.check()
      let options = entry.parseOptions
      do throws(SyntaxError) {
        let commented = try parseKeepingComments(Source(entry.source, name: entry.name), options: options)
        let printed = Printer.print(commented)
        if commented.comments.isEmpty {
          if let expected = entry.printed, printed != expected {
            report.add(entry.name, "\(MismatchReport.firstDifference(expected: expected, actual: printed)) in \(entry.quotedSource)")
          }
          continue
        }
        let reprinted = try parseKeepingComments(Source(printed, name: "printed"), options: options)
        if Printer.print(reprinted) != printed {
          report.add(entry.name, "printing again changes \(printed.debugDescription.prefix(300))")
        }
        // A comment may move to the node it belongs to, before others: each is kept once.
        if commentTexts(reprinted).sorted() != commentTexts(commented).map(trimmingLineEnd).sorted() {
          report.add(entry.name, "comments differ: \(printed.debugDescription.prefix(300))")
        }
        var structure = options
        structure.noLocation = true
        let reparsed = try parse(Source(printed), options: structure)
        let original = try parse(Source(entry.source), options: structure)
        if reparsed != original && !PrintAmbiguity.hasShorthandAfterDefinition(original) {
          report.add(entry.name, "the reparsed tree differs; printed as \(printed.debugDescription.prefix(300))")
        }
      } catch {
        report.add(entry.name, "rejected at \(error.line):\(error.column) with \"\(error.message)\"")
      }
    }
    #expect(report.count == 0, Comment(rawValue: report.summary))
  }

  private func commentTexts(_ commented: CommentedDocument) -> [String] {
    commented.comments.map { String(decoding: commented.source.bytes[$0.start..<$0.end], as: UTF8.self) }
  }

  private func trimmingLineEnd(_ text: String) -> String {
    String(text.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }

  @Test("Invalid documents are rejected at graphql-core's line and column")
  func rejectsWhereGraphQLCoreRejects() throws {
    var report = MismatchReport("rejection and line:column vs graphql-core")
    for entry in try loadCorpus().invalid {
      guard let expected = entry.error else { continue }
      report.check()
      do throws(SyntaxError) {
        let document = try parse(Source(entry.source, name: entry.name), options: entry.parseOptions)
        report.add(entry.name, "accepted (printed \(Printer.print(document).debugDescription.prefix(200))); graphql-core rejects at \(expected.line):\(expected.column) with \"\(expected.message)\" \(entry.quotedSource)")
      } catch {
        if error.line != expected.line || error.column != expected.column {
          report.add(entry.name, "Baton \(error.line):\(error.column) \"\(error.message)\", graphql-core \(expected.line):\(expected.column) \"\(expected.message)\" in \(entry.quotedSource)")
        }
      }
    }
    #expect(report.count == 0, Comment(rawValue: report.summary))
  }

  @Test("Syntax error messages are graphql-core's, word for word")
  func messagesMatchGraphQLCore() throws {
    var report = MismatchReport("error message vs graphql-core")
    for entry in try loadCorpus().invalid {
      guard let expected = entry.error else { continue }
      do throws(SyntaxError) {
        _ = try parse(Source(entry.source, name: entry.name), options: entry.parseOptions)
      } catch {
        report.check()
        if error.message != expected.message {
          report.add(entry.name, "Baton \"\(error.message)\", graphql-core \"\(expected.message)\" in \(entry.quotedSource)")
        }
      }
    }
    #expect(report.count == 0, Comment(rawValue: report.summary))
  }
}
