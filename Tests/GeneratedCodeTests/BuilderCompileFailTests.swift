import Foundation
import TestPrerequisites
import Testing

/// A builder cannot be called without a non-null field: the Library target's generated
/// files with `Fixtures/BuilderMissingField/main.swift`, which leaves out the book's `id`,
/// must fail to type-check against this build's modules with the compiler's
/// missing-argument error.
struct BuilderCompileFailTests {
  @Test(.timeLimit(.minutes(5))) func aBuilderWithoutANonNullFieldDoesNotBuild() async throws {
    let tests = RepositoryRoot.url.appendingPathComponent("Tests/GeneratedCodeTests")
    let generated = tests.appendingPathComponent("Generated/Library")
    let names = try FileManager.default.contentsOfDirectory(atPath: generated.path).filter { $0.hasSuffix(".swift") }.sorted()
    #expect(!names.isEmpty)
    let main = tests.appendingPathComponent("Fixtures/BuilderMissingField/main.swift")
    let check = try await BuiltModules.typecheck(names.map { generated.appendingPathComponent($0) } + [main])
    #expect(check.status != 0)
    #expect(check.output.contains("main.swift:2:"))
    #expect(check.output.contains("error: missing argument for parameter 'id' in call"), "\(check.output)")
  }
}
