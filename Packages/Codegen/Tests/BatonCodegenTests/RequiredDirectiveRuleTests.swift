import BatonCodegen
import Testing

/// Relay's `@required` rules (relay-compiler's `required_directive` transform), each case
/// with its message and locations, the first where Relay puts the error.
@Suite struct RequiredDirectiveRuleTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var document: String
    var errors: [String]
    var testDescription: String { document }
  }

  static func actionMismatch(_ name: String) -> String {
    "All references to a @required field must have matching `action` arguments. The `action` used for '\(name)' should be the same as the `action` declared at its other reference."
  }

  static func fieldMismatch(_ name: String) -> String {
    "All references to a field must have matching @required declarations. The field '\(name)' is @required here but not @required at its other reference."
  }

  static func fieldMissing(_ name: String) -> String {
    "@required fields must be included in all instances of their parent. The field '\(name)' is marked as @required here but is missing from another instance of its parent."
  }

  static func invalidNesting(_ action: String) -> String {
    "A @required field may not have an `action` less severe than that of its @required parent. This @required directive should probably have `action: \(action)`."
  }

  static let abstract =
    "Unexpected @required within inline fragment on an abstract type. At runtime we cannot know if this field is null, or if it's missing because the inline fragment did not match. Consider using `@alias` to give your inline fragment a name."

  static let severity: [Case] = [
    Case(
      document: "{ me @required(action: THROW) { name @required(action: LOG) } }",
      errors: ["1:24 1:56 " + invalidNesting("LOG")]),
    Case(
      document: "{ me @required(action: LOG) { best @required(action: NONE) { id } } }",
      errors: ["1:24 1:54 " + invalidNesting("NONE")]),
    Case(
      document: "{ me @required(action: THROW) { ... on User { name @required(action: LOG) } } }",
      errors: ["1:24 1:70 " + invalidNesting("LOG")]),
    Case(
      document: "{ me @required(action: LOG) { best { id @required(action: NONE) } } }",
      errors: []),
  ]

  static let references: [Case] = [
    Case(
      document: "{ me { name @required(action: LOG) } me { name } }",
      errors: ["1:8 1:43 " + fieldMismatch("name"), "1:8 1:38 " + fieldMissing("name")]),
    Case(
      document: "{ me { name } me { name @required(action: LOG) } }",
      errors: ["1:20 1:8 " + fieldMismatch("name"), "1:20 1:3 " + fieldMissing("name")]),
    Case(
      document: "{ me { n: name @required(action: LOG) } me { n: name } }",
      errors: ["1:8 1:46 " + fieldMismatch("n"), "1:8 1:41 " + fieldMissing("n")]),
    Case(
      document: "{ me { name @required(action: LOG) } me { name @required(action: THROW) } }",
      errors: ["1:31 1:66 " + actionMismatch("name")]),
    Case(
      document: "{ me { name @required(action: LOG) } me { name @required(action: LOG) } }",
      errors: []),
    Case(
      document: "{ me { a: name @required(action: LOG) } me { b: name } }",
      errors: ["1:8 1:41 " + fieldMissing("a")]),
    Case(
      document: "{ me { best { name @required(action: LOG) } } me { best { id } } }",
      errors: ["1:15 1:52 " + fieldMissing("name")]),
    Case(
      document: "{ me { best { id } } me { best { name @required(action: LOG) } } }",
      errors: ["1:34 1:8 " + fieldMissing("name")]),
    Case(
      document: "{ me { best { name @required(action: LOG) } } me { best { name @required(action: LOG) } } me { best { id } } }",
      errors: ["1:59 1:96 " + fieldMissing("name")]),
    Case(
      document: "{ me { ...F ...G } }\nfragment F on User { best { name @required(action: LOG) } }\nfragment G on User { best { id } }",
      errors: []),
  ]

  static let abstractFragments: [Case] = [
    Case(
      document: "{ node(id: 1) { ... on User { name @required(action: LOG) } } }",
      errors: []),
    Case(
      document: "{ entity { ... on Node { id @required(action: LOG) } } }",
      errors: ["1:29 " + abstract]),
    Case(
      document: "{ node(id: 1) { ... on Node { ... on User { name @required(action: LOG) } } } }",
      errors: ["1:50 " + abstract]),
    Case(
      document: "{ entity { ... on Node { ... on User { ... on User { name @required(action: LOG) } } } } }",
      errors: ["1:59 " + abstract]),
    Case(
      document: "{ entity { ... on Node { ... on User { best { name @required(action: LOG) } } } } }",
      errors: []),
    Case(
      document: "{ entity { ... on Node @alias(as: \"node\") { ... on User { name @required(action: LOG) } } } }",
      errors: []),
    Case(
      document: "{ entity { ... on Node @alias(as: \"node\") { id @required(action: LOG) } } }",
      errors: []),
    Case(
      document: "{ node(id: 1) { ... @include(if: true) { id @required(action: LOG) } } }",
      errors: []),
    Case(
      document: "{ entity { ... on Node { ... @include(if: true) { id @required(action: LOG) } } } }",
      errors: ["1:54 " + abstract]),
  ]

  static let arguments: [Case] = [
    Case(
      document: "{ me { name @required } }",
      errors: [
        "1:13 Argument '@required(action:)' of type 'RequiredFieldAction!' is required, but it was not provided."
      ]),
    Case(
      document: "{ me { name @required(action: PANIC) } }",
      errors: ["1:31 Value 'PANIC' does not exist in 'RequiredFieldAction' enum."]),
  ]

  @Test(arguments: severity) func aChildIsNotLessSevereThanItsParent(_ testCase: Case) {
    #expect(ValidationHarness.errors(testCase.document) == testCase.errors)
  }

  @Test(arguments: references) func referencesOfAFieldAgree(_ testCase: Case) {
    #expect(ValidationHarness.errors(testCase.document) == testCase.errors)
  }

  @Test(arguments: abstractFragments) func notUnderAnUnaliasedAbstractInlineFragment(_ testCase: Case) {
    #expect(ValidationHarness.errors(testCase.document) == testCase.errors)
  }

  @Test(arguments: arguments) func theActionIsALiteral(_ testCase: Case) {
    #expect(ValidationHarness.errors(testCase.document) == testCase.errors)
  }
}
