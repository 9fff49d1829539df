import BatonCodegen
import Testing

/// Relay's `@catch` and `@throwOnFieldError` rules, each case with its message and the
/// location Relay gives (`@required`'s rules are in `RequiredDirectiveRuleTests`).
@Suite struct RelayRulesTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var document: String
    var errors: [String]
    var testDescription: String { document }
  }

  static let failing: [Case] = [
    Case(
      document: "{ me { name @required(action: LOG) @catch } }",
      errors: ["1:13 @catch and @required directives cannot be on the same field."]),
    Case(
      document: "{ entity { ... on User @catch { name } } }",
      errors: ["1:12 Unexpected @catch on unaliased inline fragment."]),
    Case(document: "{ entity { ... on User @alias(as: \"user\") @catch { name } } }", errors: []),
    Case(
      document: "mutation M @throwOnFieldError { rename(name: \"x\") { id } }",
      errors: ["1:12 Directive '@throwOnFieldError' may not be used on mutation."]),
    Case(
      document: "query Q @throwOnFieldError { me { name @catch(to: NULL) } }\nfragment F on User @throwOnFieldError { name }\nquery R { me { ...F } }",
      errors: []),
    Case(
      document: "{ me { name @throwOnFieldError } }",
      errors: ["1:13 Directive '@throwOnFieldError' may not be used on field."]),
  ]

  @Test(arguments: failing)
  func reportsRelayDirectiveErrors(_ testCase: Case) {
    #expect(ValidationHarness.errors(testCase.document) == testCase.errors)
  }
}
