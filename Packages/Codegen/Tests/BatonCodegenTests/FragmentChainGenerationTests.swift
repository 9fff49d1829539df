import BatonCodegen
import Testing
import TestPrerequisites

/// A chain of 10,000 fragments, each spreading the next, goes through generation end to end
/// and ends in files or in clear errors, never in a crash, on a thread of 512 KB (the size
/// of Swift concurrency's threads): validation, the overlapping-fields check among it, and
/// printing the text sent follow the spreads from a worklist, not once per fragment on the
/// stack.
struct FragmentChainGenerationTests {
  static let count = 10_000
  static let schema = [("schema.graphql", "type Query { q: Query a: Int }")]
  static let config = BatonConfig(
    file: "baton.json", schema: ["schema.graphql"], documents: ["*.graphql"], output: "", namespace: "API")

  /// `fragment F<n> on Query { <fields>...F<n+1> }` for each link, the last selecting `a`.
  static func chain(fields: String) -> String {
    var document = "query Chain { \(fields)...F0 }\n"
    for index in 0..<count { document += "fragment F\(index) on Query { \(fields)...F\(index + 1) }\n" }
    document += "fragment F\(count) on Query { a }\n"
    return document
  }

  @Test func tenThousandFragmentsInAChainGiveFilesOrErrors() async throws {
    try await expectFilesOrErrors(Self.chain(fields: ""))
  }

  /// A field beside each spread makes the overlapping-fields check compare every link's
  /// fields with every fragment further down the chain.
  @Test func tenThousandFragmentsWithAFieldEachGiveFilesOrErrors() async throws {
    try await expectFilesOrErrors(Self.chain(fields: "a "))
  }

  private func expectFilesOrErrors(_ document: String) async throws {
    let files = [("Chain.graphql", document)]
    let outcome = try await onSmallStack {
      Result { try Generator.generate(schemaFiles: Self.schema, documentFiles: files, config: Self.config) }
    }
    switch outcome {
    case .success(let generated):
      let chain = generated.first { $0.path == "API.ChainQuery.swift" }?.contents
      #expect(chain?.contains("fragment F\(Self.count) on Query") == true, "the text sent carries the whole chain")
    case .failure(let error):
      let errors = (error as? CodegenErrors)?.errors ?? []
      #expect(!errors.isEmpty, "\(error)")
      #expect(errors.allSatisfy { $0.description.contains("Chain.graphql:") && $0.description.contains("error:") })
    }
  }
}
