import Foundation
import TestPrerequisites
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

func modificationDate(_ path: String) throws -> Date? {
  try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
}

func runBaton(_ arguments: [String]) -> (ExitCode, CommandOutput) {
  var output = CommandOutput()
  let code = Baton.run(arguments, output: &output)
  return (code, output)
}

@Suite("baton format")
struct FormatCommandTests {
  let messy = "query Q($id:ID!){node(id:$id){...on User{name}}}"
  static let usageLine = "USAGE: baton format [-w|--write] [--check] <file> ...\n"
  let canonical = "query Q($id: ID!) {\n  node(id: $id) {\n    ... on User {\n      name\n    }\n  }\n}\n"

  @Test("Prints the canonical form on standard output and changes no file")
  func printsToStandardOutput() throws {
    let files = try TemporaryFiles()
    let messyPath = try files.write("messy.graphql", messy)
    let (code, output) = runBaton(["format", messyPath])
    #expect(code == .success)
    #expect(output.standardOutput == canonical && output.standardError.isEmpty)
    #expect(try files.read(messyPath) == messy)
  }

  @Test("Several files print one after the other, in the order given")
  func printsSeveralFiles() throws {
    let files = try TemporaryFiles()
    let first = try files.write("first.graphql", "{a}")
    let second = try files.write("second.graphql", "{b}")
    let (code, output) = runBaton(["format", first, second])
    #expect(code == .success)
    #expect(output.standardOutput == "{\n  a\n}\n{\n  b\n}\n")
  }

  @Test("-w and --write rewrite files in canonical form and leave canonical files alone", arguments: ["-w", "--write"])
  func rewrites(flag: String) throws {
    let files = try TemporaryFiles()
    let messyPath = try files.write("messy.graphql", messy)
    let cleanPath = try files.write("clean.graphql", canonical)
    let cleanModified = try modificationDate(cleanPath)
    let (code, output) = runBaton(["format", flag, messyPath, cleanPath])
    #expect(code == .success)
    #expect(output.standardOutput.isEmpty && output.standardError.isEmpty)
    #expect(try files.read(messyPath) == canonical)
    #expect(try files.read(cleanPath) == canonical)
    #expect(try modificationDate(cleanPath) == cleanModified)
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

  @Test("--write keeps a file's permissions and rewrites a symbolic link's target, not the link")
  func writeKeepsPermissionsAndLinks() throws {
    let files = try TemporaryFiles()
    let target = try files.write("target.graphql", messy)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target)
    let link = files.directory.appendingPathComponent("link.graphql").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let (code, output) = runBaton(["format", "--write", link])
    #expect(code == .success && output.standardError.isEmpty)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    #expect(try files.read(target) == canonical)
    let permissions = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
    #expect(permissions == 0o640)
  }

  @Test("- reads standard input and prints its canonical form")
  func standardInput() throws {
    var output = CommandOutput()
    let arguments = try ArgumentReader.parse(["-"], spec: FormatCommand.spec)
    let code = FormatCommand.run(arguments, output: &output, standardInput: { Array(messy.utf8) })
    #expect(code == .success)
    #expect(output.standardOutput == canonical)
  }

  @Test("--check reads standard input too and names it <stdin>")
  func checkStandardInput() throws {
    let arguments = try ArgumentReader.parse(["--check", "-"], spec: FormatCommand.spec)
    var output = CommandOutput()
    let code = FormatCommand.run(arguments, output: &output, standardInput: { Array(messy.utf8) })
    #expect(code == .inputError)
    #expect(output.standardOutput == "<stdin>\n")
    var clean = CommandOutput()
    #expect(FormatCommand.run(arguments, output: &clean, standardInput: { Array(canonical.utf8) }) == .success)
  }

  @Test("Comments are kept, so --check passes on a canonical file that has them")
  func keepsComments() throws {
    let files = try TemporaryFiles()
    let commented = """
      # The viewer's name.
      query Viewer {
        viewer {
          name # as the profile shows it
        }
      }

      """
    let cleanPath = try files.write("commented.graphql", commented)
    let messyPath = try files.write("messy.graphql", "# The viewer's name.\nquery Viewer{viewer{name # as the profile shows it\n}}")
    let (code, output) = runBaton(["format", "--check", cleanPath])
    #expect(code == .success && output.standardOutput.isEmpty)
    let (printCode, printed) = runBaton(["format", messyPath])
    #expect(printCode == .success && printed.standardOutput == commented)
  }

  @Test("Documentation/Tool.md's example: the example's operations are canonical, comments and all")
  func toolGuideExample() throws {
    let folder = RepositoryRoot.url.appendingPathComponent("Examples/RickAndMorty/Operations")
    let paths = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".graphql") }.sorted().map { folder.appendingPathComponent($0).path }
    #expect(!paths.isEmpty)
    let (code, output) = runBaton(["format", "--check"] + paths)
    #expect(code == .success)
    #expect(output.standardOutput.isEmpty && output.standardError.isEmpty)
  }

  @Test("A file that is not UTF-8 is rejected at the bad byte's line:column and left alone")
  func invalidUTF8() throws {
    let files = try TemporaryFiles()
    let path = files.directory.appendingPathComponent("latin1.graphql").path
    let bytes = Array("{\n  a(x: \"caf".utf8) + [0xE9] + Array("\")\n}\n".utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    for arguments in [["format", path], ["format", "-w", path], ["format", "--check", path]] {
      let (code, output) = runBaton(arguments)
      #expect(code == .inputError)
      #expect(output.standardOutput.isEmpty)
      #expect(output.standardError.hasPrefix("\(path):2:12: Syntax Error: Invalid UTF-8: byte 0xE9 is not part of a well-formed sequence.\n"))
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
  }

  @Test("A syntax error is printed with file:line:column and a code frame; exit 1")
  func syntaxError() throws {
    let files = try TemporaryFiles()
    let brokenPath = try files.write("broken.graphql", "{\n  a(\n}\n")
    let messyPath = try files.write("messy.graphql", messy)
    let (code, output) = runBaton(["format", "--write", brokenPath, messyPath])
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
      (["format"], "baton: Missing argument <file>.\n\(FormatCommandTests.usageLine)"),
      (["format", "--fix", "a"], "baton: Unknown option '--fix'.\n\(FormatCommandTests.usageLine)"),
      (["format", "-x", "a"], "baton: Unknown option '-x'.\n\(FormatCommandTests.usageLine)"),
      (["format", "--check", "-w", "a"], "baton: '--check' and '--write' cannot be used together.\n\(FormatCommandTests.usageLine)"),
      (["format", "-w", "-"], "baton: '--write' cannot be used with standard input ('-').\n\(FormatCommandTests.usageLine)"),
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
    #expect(formatHelp.standardOutput.hasPrefix(Self.usageLine))
  }
}
