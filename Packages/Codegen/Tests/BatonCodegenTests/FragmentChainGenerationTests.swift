import BatonCodegen
import Testing
import TestPrerequisites

/// A chain of 10,000 fragments, each spreading the next, goes through generation end to end
/// and ends in files or in clear errors, never in a crash: printing the text sent follows
/// the spreads from a worklist, not once per fragment on the stack. The thread's stack is
/// 64 MB because validation's overlapping-fields rule still recurses once per spread, which
/// a debug build's frames make deeper than a main thread's 8 MB.
struct FragmentChainGenerationTests {
  @Test func tenThousandFragmentsInAChainGiveFilesOrErrors() async throws {
    let count = 10_000
    var document = "query Chain { ...F0 }\n"
    for index in 0..<count { document += "fragment F\(index) on Query { ...F\(index + 1) }\n" }
    document += "fragment F\(count) on Query { a }\n"
    let files = [("Chain.graphql", document)]
    let schema = [("schema.graphql", "type Query { q: Query a: Int }")]
    let config = BatonConfig(file: "baton.json", schema: ["schema.graphql"], documents: ["*.graphql"], output: "", namespace: "API")
    let outcome = try await onOwnThread(stackSize: 64 << 20) {
      Result { try Generator.generate(schemaFiles: schema, documentFiles: files, config: config) }
    }
    switch outcome {
    case .success(let generated):
      let chain = generated.first { $0.path == "API.ChainQuery.swift" }?.contents
      #expect(chain?.contains("fragment F\(count) on Query") == true, "the text sent carries the whole chain")
    case .failure(let error):
      let errors = (error as? CodegenErrors)?.errors ?? []
      #expect(!errors.isEmpty, "\(error)")
      #expect(errors.allSatisfy { $0.description.contains("error:") })
    }
  }
}
