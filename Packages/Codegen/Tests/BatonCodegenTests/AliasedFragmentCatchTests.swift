import BatonCodegen
import Testing

/// `@catch` on an aliased inline fragment, as Relay's typegen has it
/// (`catch-usage-inline-fragment-with-alias`): the alias names a property whose value is
/// `Result<Alias, FieldErrors>` (`to: NULL`: `Alias?`), a struct of the fragment's fields,
/// which are semantic non-null under the catch; the metadata keeps it an inline fragment,
/// and the text sent has neither directive.
struct AliasedFragmentCatchTests {
  static let document = "query Q { ship(id: 1) { name ... on Ship @alias(as: \"hull\") @catch { class } } }"

  @Test func theAliasIsAResultOfTheFragmentsFields() throws {
    let operation = try FragmentCatchTests.file(FragmentCatchTests.files(Self.document), "QQuery.swift")
    #expect(operation.contains("public var hull: Swift.Result<Hull, Fleet.FieldErrors> {"))
    #expect(operation.contains(
      ".inlineFragment(BatonNormalizer.InlineFragment(on: \"Ship\", possibleTypes: [\"Ship\"], selections: Hull.selections, catchTo: .result))"))
    #expect(operation.contains("public struct Hull: BatonNormalizer.GraphQLData {"))
    #expect(operation.contains("public var `class`: Swift.String {"))
    #expect(operation.contains("response.merge(caught: hull, at: \"class\")"))
    let sent = try #require(operation.split(separator: "\n").first { $0.contains("static let document = ") })
    #expect(sent.contains("... on Ship {\\n      class\\n    }"))
    #expect(!sent.contains("@alias") && !sent.contains("@catch"))
  }

  @Test func toNullMakesItOptional() throws {
    let files = try FragmentCatchTests.files("query Q { ship(id: 1) { ... @alias(as: \"hull\") @catch(to: NULL) { class } } }")
    let operation = try FragmentCatchTests.file(files, "QQuery.swift")
    #expect(operation.contains("public var hull: Hull? {"))
    #expect(operation.contains("InlineFragment(on: nil, possibleTypes: [\"Ship\"], selections: Hull.selections, catchTo: .null)"))
    #expect(operation.contains("response.merge(caught: hull, at: \"class\", toNull: true)"))
    #expect(operation.contains("hull: Hull? = nil"))
  }

  /// Under `@include`, the alias is optional, and so is the builder's parameter (`nil`: not included).
  @Test func underAConditionTheAliasIsOptional() throws {
    let files = try FragmentCatchTests.files(
      "query Q($v: Boolean!) { ship(id: 1) { ... on Ship @alias(as: \"hull\") @catch @include(if: $v) { class } } }")
    let operation = try FragmentCatchTests.file(files, "QQuery.swift")
    #expect(operation.contains("public var hull: Swift.Result<Hull, Fleet.FieldErrors>? {"))
    #expect(operation.contains("selections: Hull.selections, conditions: [.include(\"v\")], catchTo: .result))"))
    #expect(operation.contains("hull: Swift.Result<Hull, Fleet.FieldErrors>? = nil"))
    #expect(operation.contains("response.merge(caught: hull, at: \"class\", if: [.include(\"v\")])"))
  }

  /// Without `@catch` the aliased fragment's fields stay the parent's, as before.
  @Test func withoutACatchTheFieldsAreTheParents() throws {
    let files = try FragmentCatchTests.files("query Q { ship(id: 1) { ... on Ship @alias(as: \"hull\") { class } } }")
    let operation = try FragmentCatchTests.file(files, "QQuery.swift")
    #expect(!operation.contains("hull"))
    #expect(operation.contains("public var `class`: Swift.String? {"))
  }
}
