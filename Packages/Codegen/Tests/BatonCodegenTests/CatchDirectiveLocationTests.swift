import Testing

/// Every place relay-compiler's own fixtures put `@catch` (its `catch_directive` transform
/// tests, named in each case), restated over the harness schema, with the verdict Relay
/// gives: accepted, or the error it reports. Baton gives each place Relay's meaning, so
/// it accepts what Relay accepts and rejects what Relay rejects, at the same node.
struct CatchDirectiveLocationTests {
  struct Case: CustomTestStringConvertible, Sendable {
    /// The Relay fixture the case restates.
    var fixture: String
    var document: String
    var errors: [String]
    var testDescription: String { fixture }
  }

  static let relayFixtures: [Case] = [
    Case(fixture: "catch-usage", document: "query Q { me { ...F } } fragment F on User { name @catch(to: RESULT) }", errors: []),
    Case(fixture: "catch-usage-fragment", document: "query Q { me { ...F } } fragment F on User @catch(to: RESULT) { name }", errors: []),
    Case(fixture: "catch-usage-linked", document: "query Q { me { ...F } } fragment F on User { best @catch(to: RESULT) { name } }", errors: []),
    Case(
      fixture: "catch-usage-linked-with-linked-sibling",
      document: "query Q { me { ...F ...G } } fragment F on User { friends { name } } fragment G on User { best @catch(to: RESULT) { name } }",
      errors: []),
    Case(fixture: "catch-usage-nested-catches", document: "query Q { me { ...F } } fragment F on User { friends @catch { name @catch } }", errors: []),
    Case(fixture: "catch-usage-on-query", document: "query Foo { me { id name @catch } }", errors: []),
    Case(fixture: "catch-usage-query", document: "query Foo @catch(to: RESULT) { me { name } }", errors: []),
    Case(fixture: "catch-to-default-usage-query", document: "query Foo @catch { me { name } }", errors: []),
    Case(fixture: "catch-usage-query-mutation", document: "mutation M @catch(to: RESULT) { rename(name: \"x\") { name } }", errors: []),
    Case(
      fixture: "catch-usage-inline-fragment-with-alias",
      document: "query Q { me { ...F } } fragment F on User { ... on User @catch(to: RESULT) @alias { name } }", errors: []),
    Case(
      fixture: "catch-to-default-usage-inline-fragment-with-alias",
      document: "query Q { me { ...F } } fragment F on User { ... on User @catch @alias { name } }", errors: []),
    Case(
      fixture: "catch-usage-inline-fragment-no-alias.invalid",
      document: "query Q { me { ...F } } fragment F on User { ... on User @catch(to: RESULT) { name } }",
      errors: ["1:46 Unexpected @catch on unaliased inline fragment."]),
    Case(
      fixture: "catch-usage-fragment-spread-alias.invalid",
      document: "query Q { me { ...F } } fragment F on User { ...G @catch(to: RESULT) @alias } fragment G on User { name }",
      errors: ["1:51 Directive '@catch' may not be used on fragment spread."]),
    Case(
      fixture: "catch-usage-fragment-spread-no-alias.invalid",
      document: "query Q { me { ...F } } fragment F on User { ...G @catch(to: RESULT) } fragment G on User { name }",
      errors: ["1:51 Directive '@catch' may not be used on fragment spread."]),
    Case(
      fixture: "catch-usage-on-query-with-required.invalid",
      document: "query Foo { me { id name @catch @required(action: THROW) } }",
      errors: ["1:33 @catch and @required directives cannot be on the same field."]),
  ]

  @Test(arguments: relayFixtures)
  func catchWhereRelayTestsIt(_ testCase: Case) {
    #expect(ValidationHarness.errors(testCase.document) == testCase.errors)
  }

  /// Relay's definition leaves subscriptions out; a catch beside a throw leaves it nothing to throw.
  @Test(arguments: [
    ("subscription S @catch { me { name } }", "1:16 Directive '@catch' may not be used on subscription."),
    ("query Q @catch @throwOnFieldError { me { name } }", "1:9 @catch and @throwOnFieldError directives cannot be on the same operation."),
  ])
  func catchWhereRelayGivesItNoMeaningIsAnError(_ document: String, _ error: String) {
    #expect(ValidationHarness.errors(document) == [error])
  }
}
