import BatonTestServer
import Foundation
import TestPrerequisites

/// Where a generated fragment of `Tests/Support/EndToEndOperations` is declared: its file
/// as `#fileID` names it, and the line its `Fragment` metadata starts on, read from the
/// checked-in file so that the expectation follows the generator.
struct GeneratedDeclaration: Equatable, CustomStringConvertible {
  var fileID: String
  var line: UInt

  static func fragment(_ name: String) throws -> GeneratedDeclaration {
    let file = "EndToEnd.\(name).swift"
    let url = RepositoryRoot.url.appendingPathComponent("Tests/Support/EndToEndOperations/Generated/\(file)")
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    guard let index = lines.firstIndex(where: { $0.contains("static let fragment = BatonNormalizer.Fragment(") }) else {
      throw TestServerError("\(file) declares no fragment")
    }
    return GeneratedDeclaration(fileID: "EndToEndOperations/\(file)", line: UInt(index + 1))
  }

  var description: String { "\(fileID):\(line)" }
}
