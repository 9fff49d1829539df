import Testing

/// `@catch` is accepted only where Baton gives it a meaning (a field, a fragment
/// definition); elsewhere it is an error rather than a directive silently ignored.
struct CatchDirectiveLocationTests {
  @Test(arguments: [
    ("query Q @catch { me { name } }", "1:9 Directive '@catch' may not be used on query."),
    ("mutation M @catch { rename(name: \"x\") { id } }", "1:12 Directive '@catch' may not be used on mutation."),
    ("{ entity { ... on User @alias(as: \"user\") @catch { name } } }", "1:43 Directive '@catch' may not be used on inline fragment."),
  ])
  func catchWhereBatonGivesItNoMeaningIsAnError(_ document: String, _ error: String) {
    #expect(ValidationHarness.errors(document) == [error])
  }

  @Test func catchOnAFieldAndOnAFragmentIsValid() {
    #expect(ValidationHarness.errors("{ me { ...F name @catch } } fragment F on User @catch(to: NULL) { id }").isEmpty)
  }
}
