import BatonCodegen
import Testing

/// Relay's directive rules, each failing case with its message and locations.
@Suite struct RelayRulesTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var document: String
    var errors: [String]
    var testDescription: String { document }
  }

  static let failing: [Case] = [
    Case(
      document: "{ me @required(action: THROW) { name @required(action: LOG) } }",
      errors: [
        "1:24 1:56 A @required field may not have an `action` less severe than that of its @required parent. This @required directive should probably have `action: LOG`"
      ]),
    Case(
      document: "{ me @required(action: LOG) { best @required(action: NONE) { id } } }",
      errors: [
        "1:24 1:54 A @required field may not have an `action` less severe than that of its @required parent. This @required directive should probably have `action: NONE`"
      ]),
    Case(
      document: "{ me { name @required(action: LOG) } me { name } }",
      errors: [
        "1:8 1:43 All references to a field must have matching @required declarations. The field 'name` is @required here"
      ]),
    Case(
      document: "{ me { name } me { name @required(action: LOG) } }",
      errors: [
        "1:20 1:8 All references to a field must have matching @required declarations. The field 'name` is @required here"
      ]),
    Case(
      document: "{ me { name @required(action: LOG) } me { name @required(action: THROW) } }",
      errors: [
        "1:31 1:66 All references to a @required field must have matching `action` arguments. The `action` used for 'name'"
      ]),
    Case(
      document: "{ node(id: 1) { ... on User { name @required(action: LOG) } } }",
      errors: []),
    Case(
      document: "{ entity { ... on Node { id @required(action: LOG) } } }",
      errors: [
        "1:29 Unexpected @required within inline fragment on an abstract type. At runtime we cannot know if this field is null, or if it's missing because the inline fragment did not match. Consider using `@alias` to give your inline fragment a name."
      ]),
    Case(
      document: "{ node(id: 1) { ... @include(if: true) { id @required(action: LOG) } } }",
      errors: [
        "1:45 Unexpected @required within inline fragment on an abstract type. At runtime we cannot know if this field is null, or if it's missing because the inline fragment did not match. Consider using `@alias` to give your inline fragment a name."
      ]),
    Case(
      document: "{ entity { ... on Node @alias(as: \"node\") { id @required(action: LOG) } } }",
      errors: []),
    Case(
      document: "{ me { name @required(action: LOG) @catch } }",
      errors: ["1:36 @catch and @required directives cannot be on the same field"]),
    Case(
      document: "{ entity { ... on User @catch { name } } }",
      errors: ["1:24 Directive '@catch' may not be used on inline fragment."]),
    Case(
      document: "mutation M @throwOnFieldError { rename(name: \"x\") { id } }",
      errors: ["1:12 Directive '@throwOnFieldError' may not be used on mutation."]),
    Case(
      document: "query Q @throwOnFieldError { me { name @catch(to: NULL) } }\nfragment F on User @throwOnFieldError { name }\nquery R { me { ...F } }",
      errors: []),
    Case(
      document: "{ me { name @throwOnFieldError } }",
      errors: ["1:13 Directive '@throwOnFieldError' may not be used on field."]),
    Case(
      document: "{ me { name @required } }",
      errors: [
        "1:13 Argument '@required(action:)' of type 'RequiredFieldAction!' is required, but it was not provided."
      ]),
    Case(
      document: "{ me { name @required(action: PANIC) } }",
      errors: ["1:31 Value 'PANIC' does not exist in 'RequiredFieldAction' enum."]),
  ]

  @Test(arguments: failing)
  func reportsRelayDirectiveErrors(_ testCase: Case) {
    #expect(ValidationHarness.errors(testCase.document) == testCase.errors)
  }
}
