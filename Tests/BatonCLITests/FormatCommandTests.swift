import Foundation
import Testing

@testable import BatonCLI

/// A temporary directory holding the files one test writes.
struct TemporaryFiles: ~Copyable {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("baton-cli-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func write(_ name: String, _ text: String) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  func read(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }
}

func runBaton(_ arguments: [String]) -> (ExitCode, CommandOutput) {
  var output = CommandOutput()
  let code = Baton.run(arguments, output: &output)
  return (code, output)
}

@Suite("baton format")
struct FormatCommandTests {
  let messy = "query Q($id:ID!){node(id:$id){...on User{name}}}"
  let canonical = "query Q($id: ID!) {\n  node(id: $id) {\n    ... on User {\n      name\n    }\n  }\n}\n"

  @Test("Rewrites files in canonical form and leaves canonical files alone")
  func rewrites() throws {
    let files = try TemporaryFiles()
    let messyPath = try files.write("messy.graphql", messy)
    let cleanPath = try files.write("clean.graphql", canonical)
    let (code, output) = runBaton(["format", messyPath, cleanPath])
    #expect(code == .success)
    #expect(output.standardOutput.isEmpty && output.standardError.isEmpty)
    #expect(try files.read(messyPath) == canonical)
    #expect(try files.read(cleanPath) == canonical)
  }

  @Test("--check changes nothing, names the files that would change and exits 1")
  func check() throws {
    let files = try TemporaryFiles()
    let messyPath = try files.write("messy.graphql", messy)
    let cleanPath = try files.write("clean.graphql", canonical)
    let (code, output) = runBaton(["format", "--check", messyPath, cleanPath])
    #expect(code == .inputError)
    #expect(output.standardOutput == messyPath + "\n")
    #expect(output.standardError == "baton format: 1 file would be reformatted.\n")
    #expect(try files.read(messyPath) == messy)
    let (cleanCode, cleanOutput) = runBaton(["format", "--check", cleanPath])
    #expect(cleanCode == .success && cleanOutput.standardOutput.isEmpty)
  }

  @Test("A syntax error is printed with file:line:column and a code frame; exit 1")
  func syntaxError() throws {
    let files = try TemporaryFiles()
    let brokenPath = try files.write("broken.graphql", "{\n  a(\n}\n")
    let messyPath = try files.write("messy.graphql", messy)
    let (code, output) = runBaton(["format", brokenPath, messyPath])
    #expect(code == .inputError)
    #expect(
      output.standardError == """
        \(brokenPath):3:1: Syntax Error: Expected Name, found '}'.
        2 |   a(
        3 | }
          | ^
        4 |

        """)
    #expect(try files.read(brokenPath) == "{\n  a(\n}\n")
    #expect(try files.read(messyPath) == canonical)
  }

  @Test("A missing file is an input error")
  func missingFile() throws {
    let files = try TemporaryFiles()
    let path = files.directory.appendingPathComponent("absent.graphql").path
    let (code, output) = runBaton(["format", path])
    #expect(code == .inputError)
    #expect(output.standardError == "baton format: cannot read '\(path)'.\n")
  }

  @Test(
    "Wrong command lines exit 2 with the usage",
    arguments: [
      (["format"], "baton: Missing argument <file>.\nUSAGE: baton format [--check] <file> ...\n"),
      (["format", "--fix", "a"], "baton: Unknown option '--fix'.\nUSAGE: baton format [--check] <file> ...\n"),
    ])
  func usage(arguments: [String], expected: String) {
    let (code, output) = runBaton(arguments)
    #expect(code == .usageError)
    #expect(output.standardError == expected)
  }

  @Test("No command, an unknown command and --help")
  func topLevel() {
    let (missingCode, missing) = runBaton([])
    #expect(missingCode == .usageError)
    #expect(missing.standardError.hasPrefix("baton: No command given.\nUSAGE: baton <command>"))
    let (unknownCode, unknown) = runBaton(["lint"])
    #expect(unknownCode == .usageError)
    #expect(unknown.standardError.hasPrefix("baton: Unknown command 'lint'."))
    let (helpCode, help) = runBaton(["--help"])
    #expect(helpCode == .success)
    #expect(help.standardOutput.contains("  format    Print GraphQL files in canonical form"))
    #expect(help.standardOutput.contains("  generate  Generate Swift types"))
    let (formatHelpCode, formatHelp) = runBaton(["format", "--help"])
    #expect(formatHelpCode == .success)
    #expect(formatHelp.standardOutput.hasPrefix("USAGE: baton format [--check] <file> ...\n"))
  }
}
