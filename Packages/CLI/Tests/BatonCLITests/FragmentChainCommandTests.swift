import Foundation
import TestPrerequisites
import Testing

@testable import BatonCLI

/// `baton check` and `baton generate` on a chain of 10,000 fragments, each spreading the
/// next beside a field: both end in the same verdict, files or errors naming the document,
/// on a thread of 512 KB (the size of Swift concurrency's threads), never in a crash.
@Suite("baton check and generate on a chain of fragments")
struct FragmentChainCommandTests {
  static let count = 10_000

  static var chain: String {
    var document = "query Chain { a ...F0 }\n"
    for index in 0..<count { document += "fragment F\(index) on Query { a ...F\(index + 1) }\n" }
    document += "fragment F\(count) on Query { a }\n"
    return document
  }

  @Test func checkAndGenerateGiveOneVerdictWithoutACrash() async throws {
    let files = try TemporaryFiles()
    let schema = try files.write("schema.graphql", "type Query { q: Query a: Int }")
    let document = try files.write("Chain.graphql", Self.chain)
    let config = try files.write(
      "baton.json", #"{ "schema": "schema.graphql", "documents": "*.graphql", "output": "Generated", "namespace": "API" }"#)
    let check = try await onSmallStack { runBaton(["check", "--schema", schema, document]) }
    let generate = try await onSmallStack { runBaton(["generate", "--config", config]) }
    let generated = files.directory.appendingPathComponent("Generated/API.ChainQuery.swift").path
    #expect(check.0 == generate.0, "check: \(check.1.standardError) generate: \(generate.1.standardError)")
    switch generate.0 {
    case .success:
      #expect(check.1.standardError.isEmpty)
      #expect(try files.read(generated).contains("fragment F\(Self.count) on Query"))
    default:
      #expect(generate.0 == .inputError)
      for output in [check.1, generate.1] {
        let lines = output.standardError.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.contains("Chain.graphql:") && $0.contains(": error: ") })
      }
      #expect(!FileManager.default.fileExists(atPath: generated))
    }
  }
}
