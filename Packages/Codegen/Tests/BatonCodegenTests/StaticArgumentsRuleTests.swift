import BatonCodegen
import Testing

/// The arguments the compiler reads are literals: a variable is an error at the variable,
/// as relay-compiler's `validate_static_args` reports it.
@Suite struct StaticArgumentsRuleTests {
  static let cases: [(document: String, errors: [String])] = [
    (
      "query Q($a: RequiredFieldAction!) { me @required(action: $a) { name } }",
      ["1:58 Unexpected dynamic argument. required's 'action' argument must be a constant value because it is read by the Baton compiler."]
    ),
    (
      "query Q($t: CatchFieldTo!) { me { name @catch(to: $t) } }",
      ["1:51 Unexpected dynamic argument. catch's 'to' argument must be a constant value because it is read by the Baton compiler."]
    ),
    ("{ me @required(action: NONE) { name @catch(to: NULL) } }", []),
  ]

  @Test(arguments: cases)
  func aVariableIsAnError(_ document: String, _ errors: [String]) {
    #expect(ValidationHarness.errors(document, rules: [StaticArgumentsRule.self]) == errors)
  }
}
