import BatonCodegen
import GraphQLSyntax
import Testing

/// `@argumentDefinitions` and `@arguments` (Relay's fragment variables), each misuse with
/// its message and the places relay-compiler's `build_fragment_signature` and
/// `build_fragment_spread` give: a definition's value (or its key, or its type string), the
/// spread (or the `(` of its `@arguments`) for a missing argument with the definition second, and the
/// argument for an unknown one. The standard rules see a fragment's own variables as its,
/// not as undefined operation variables.
@Suite struct FragmentArgumentsRuleTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var document: String
    var errors: [String]
    var testDescription: String { document }
  }

  static let cases: [Case] = [
    // Valid: local variables used by fields and conditions, given as literals, operation
    // variables and defaults; a fragment passing its own variable on to another.
    Case(
      document: #"""
        query Q($n: Int!) { a: users { ...F @arguments(size: $n) } b: users { ...F @arguments(size: 2, on: false) } }
        fragment F on User @argumentDefinitions(size: {type: "Int!"}, on: {type: "Boolean!", defaultValue: true}) {
          avatar(size: $size) @include(if: $on)
        }
        """#,
      errors: []),
    Case(
      document: #"""
        { me { ...Outer } }
        fragment Outer on User @argumentDefinitions(size: {type: "Int", defaultValue: 3}) { ...Inner @arguments(size: $size) }
        fragment Inner on User @argumentDefinitions(size: {type: "Int!", defaultValue: 1}) { avatar(size: $size) }
        """#,
      errors: []),
    // Definitions.
    Case(
      document: #"{ me { ...F } } fragment F on User @argumentDefinitions(size: "Int") { avatar(size: $size) }"#,
      errors: [#"1:63 @argumentDefinitions of fragment "F": "size" must be an object such as {type: "Int", defaultValue: 10}."#]),
    Case(
      document: #"{ me { ...F } } fragment F on User @argumentDefinitions(size: {type: "Int", default: 1}) { avatar(size: $size) }"#,
      errors: [#"1:77 @argumentDefinitions of fragment "F": "size" has the key "default"; only "type" and "defaultValue" are allowed."#]),
    Case(
      document: #"{ me { ...F } } fragment F on User @argumentDefinitions(size: {defaultValue: 1}) { avatar(size: $size) }"#,
      errors: [#"1:63 @argumentDefinitions of fragment "F": "size" must name its type with a string literal, e.g. type: "Int!"."#]),
    Case(
      document: #"{ me { ...F } } fragment F on User @argumentDefinitions(size: {type: "Size"}) { avatar(size: $size) }"#,
      errors: ["1:70 Unknown type 'Size'."]),
    Case(
      document: #"{ me { ...F } } fragment F on User @argumentDefinitions(who: {type: "User"}) { name }"#,
      errors: [#"1:62 @argumentDefinitions of fragment "F": "who" has the type "User", which is not an input type."#]),
    Case(
      document: #"{ me { ...F } } fragment F on User @argumentDefinitions(size: {type: "Int", defaultValue: "big"}) { avatar(size: $size) }"#,
      errors: [#"1:91 Int cannot represent non-integer value: "big""#]),
    Case(
      document: #"{ me { ...F } } fragment F on User @argumentDefinitions(size: {type: "Int", defaultValue: 1}) { name }"#,
      errors: [#"1:57 Variable "$size" of @argumentDefinitions is never used in fragment "F"."#]),
    Case(
      document: #"{ me { ...F } } fragment F on User @argumentDefinitions(size: {type: "String"}) { avatar(size: $size) }"#,
      errors: ["1:57 1:96 Variable '$size' of type 'String' used in position expecting type 'Int!'."]),
    // Spreads.
    Case(
      document: #"{ me { ...F } } fragment F on User @argumentDefinitions(size: {type: "Int!"}) { avatar(size: $size) }"#,
      errors: [
        "1:8 1:57 Fragment 'F' requires the argument 'size: Int!', which this spread does not give in @arguments."
      ]),
    Case(
      document: #"{ me { ...F @arguments(other: 1) } } fragment F on User @argumentDefinitions(size: {type: "Int!"}) { avatar(size: $size) }"#,
      errors: [
        "1:23 1:78 Fragment 'F' requires the argument 'size: Int!', which this spread does not give in @arguments.",
        "1:24 Unknown argument 'other' of fragment 'F'.",
      ]),
    Case(
      document: #"{ me { ...F @arguments(size: 1) } } fragment F on User { name }"#,
      errors: ["1:24 Unknown argument 'size' of fragment 'F' (it has no @argumentDefinitions)."]),
    Case(
      document: #"{ me { ...F @arguments(size: "big") } } fragment F on User @argumentDefinitions(size: {type: "Int!"}) { avatar(size: $size) }"#,
      errors: [#"1:30 Int cannot represent non-integer value: "big""#]),
    Case(
      document: #"{ me { ...F @arguments(size: 1) @arguments(size: 2) } } fragment F on User @argumentDefinitions(size: {type: "Int!"}) { avatar(size: $size) }"#,
      errors: ["1:13 1:33 The directive '@arguments' can only be used once at this location."]),
    Case(
      document: #"{ me { ...F @arguments(size: 1) ...F @arguments(size: 2) } } fragment F on User @argumentDefinitions(size: {type: "Int!"}) { avatar(size: $size) }"#,
      errors: [
        "1:8 1:33 Fragment 'F' is spread twice here with different @arguments; spread it under fields with different aliases instead."
      ]),
    Case(
      document: #"""
        query Q($size: Int!) { me { ...Outer } }
        fragment Outer on User @argumentDefinitions(size: {type: "Int", defaultValue: 3}) { avatar(size: $size) best { ...Inner } }
        fragment Inner on User { avatar(size: $size) }
        """#,
      errors: [
        "3:39 Fragment 'Inner' uses the operation variable '$size', which fragment 'Outer' above it defines in @argumentDefinitions; it would read that fragment's value. Rename one of them."
      ]),
    // An operation variable still has to be defined when a spread passes it on.
    Case(
      document: #"{ me { ...F @arguments(size: $n) } } fragment F on User @argumentDefinitions(size: {type: "Int!"}) { avatar(size: $size) }"#,
      errors: ["1:30 1:1 Variable '$n' is not defined."]),
    // A fragment without definitions uses the operation's variables, as before.
    Case(
      document: #"{ me { ...F } } fragment F on User { avatar(size: $size) }"#,
      errors: ["1:51 1:1 Variable '$size' is not defined."]),
  ]

  @Test(arguments: cases)
  func reportsFragmentArgumentErrors(_ testCase: Case) {
    #expect(ValidationHarness.errors(testCase.document) == testCase.errors)
  }
}
