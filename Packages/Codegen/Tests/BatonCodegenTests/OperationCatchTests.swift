import BatonCodegen
import Testing

/// `@catch` on an operation, as Relay's typegen has it (`catch-to-result-on-query`,
/// `semantic_non_null_scalar_within_catch_query`): the operation's data is a
/// `Result<Response, FieldErrors>` (`to: NULL`: `Response?`), and its semantic non-null
/// fields are non-optional under the policy.
struct OperationCatchTests {
  @Test func catchOnAQueryMakesItsDataAResult() throws {
    let files = try FragmentCatchTests.files("query Q @catch { ship(id: 1) { name class } }")
    let operation = try FragmentCatchTests.file(files, "QQuery.swift")
    #expect(operation.contains("public typealias Data = Swift.Result<Response, Fleet.FieldErrors>"))
    #expect(operation.contains("selections: Response.selections,"))
    #expect(operation.contains("throwOnFieldError: false, catchTo: .result)"))
    #expect(operation.contains("case .caught(let caught): .failure(Fleet.FieldErrors(errors: caught))"))
    #expect(operation.contains("public var `class`: Swift.String {"))
  }

  @Test func catchToNullMakesItsDataOptional() throws {
    let files = try FragmentCatchTests.files("query Q @catch(to: NULL) { ship(id: 1) { class } }")
    let operation = try FragmentCatchTests.file(files, "QQuery.swift")
    #expect(operation.contains("public typealias Data = Response?"))
    #expect(operation.contains("case .caught: nil"))
    #expect(operation.contains("public var `class`: Swift.String {"))
  }

  /// Without the catch, the same field has no handling policy: the schema's nullable type.
  @Test func withoutACatchTheDataIsTheStruct() throws {
    let operation = try FragmentCatchTests.file(FragmentCatchTests.files("query Q { ship(id: 1) { class } }"), "QQuery.swift")
    #expect(operation.contains("public struct Data: BatonNormalizer.GraphQLData {"))
    #expect(operation.contains("public var `class`: Swift.String? {"))
    #expect(!operation.contains("catchTo:"))
  }
}
