import BatonCodegen
import GraphQLSyntax
import Testing

/// One or more failing documents per graphql-core rule, with graphql-core's exact
/// messages and locations (all rules run, as graphql-core runs them).
@Suite struct SpecifiedRulesTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var rule: String
    var document: String
    var errors: [String]
    var testDescription: String { "\(rule): \(document)" }
  }

  static let cases: [Case] = [
    Case(rule: "ExecutableDefinitions", document: "{ me { id } }\ntype T { a: Int }",
      errors: ["2:1 The 'T' definition is not executable."]),
    Case(rule: "FieldsOnCorrectType", document: "mutation { me { id } }",
      errors: ["1:12 Cannot query field 'me' on type 'Mutation'."]),
    Case(rule: "UniqueOperationNames", document: "query A { me { id } }\nquery A { me { name } }",
      errors: ["1:7 2:7 There can be only one operation named 'A'."]),
    Case(rule: "LoneAnonymousOperation", document: "{ me { id } }\nquery B { me { id } }",
      errors: ["1:1 This anonymous operation must be the only defined operation."]),
    Case(rule: "SingleFieldSubscriptions", document: "subscription S { me { id } page { id } }",
      errors: ["1:28 Subscription 'S' must select only one top level field."]),
    Case(rule: "SingleFieldSubscriptions", document: "subscription S { __typename }",
      errors: ["1:18 Subscription 'S' must not select an introspection top level field."]),
    Case(rule: "KnownTypeNames", document: "query Q($a: Usr) { me { id } }",
      errors: ["1:9 Variable '$a' is never used in operation 'Q'.", "1:13 Unknown type 'Usr'. Did you mean 'User'?"]),
    Case(rule: "FragmentsOnCompositeTypes", document: "{ me { ... on String { id } } }",
      errors: ["1:15 Fragment cannot condition on non composite type 'String'."]),
    Case(rule: "VariablesAreInputTypes", document: "query Q($u: User) { me { id } }",
      errors: ["1:9 Variable '$u' is never used in operation 'Q'.", "1:13 Variable '$u' cannot be non-input type 'User'."]),
    Case(rule: "ScalarLeafs", document: "{ me }",
      errors: ["1:3 Field 'me' of type 'User' must have a selection of subfields. Did you mean 'me { ... }'?"]),
    Case(rule: "ScalarLeafs", document: "{ me { name { x } } }",
      errors: ["1:13 Field 'name' must not have a selection since type 'String' has no subfields."]),
    Case(rule: "FieldsOnCorrectType", document: "{ me { nam } }",
      errors: ["1:8 Cannot query field 'nam' on type 'User'. Did you mean 'name'?"]),
    Case(rule: "FieldsOnCorrectType", document: "{ node(id: 1) { name } }",
      errors: ["1:17 Cannot query field 'name' on type 'Node'. Did you mean to use an inline fragment on 'User'?"]),
    Case(rule: "UniqueFragmentNames", document: "{ me { ...F } }\nfragment F on User { id }\nfragment F on User { name }",
      errors: ["2:10 3:10 There can be only one fragment named 'F'."]),
    Case(rule: "KnownFragmentNames", document: "{ me { ...G } }",
      errors: ["1:11 Unknown fragment 'G'."]),
    Case(rule: "NoUnusedFragments", document: "{ me { id } }\nfragment F on User { id }",
      errors: ["2:1 Fragment 'F' is never used."]),
    Case(rule: "PossibleFragmentSpreads", document: "{ me { ... on Page { title } } }",
      errors: ["1:8 Fragment cannot be spread here as objects of type 'User' can never be of type 'Page'."]),
    Case(rule: "NoFragmentCycles", document: "{ me { ...A } }\nfragment A on User { best { ...B } }\nfragment B on User { ...A }",
      errors: ["2:29 3:22 Cannot spread fragment 'A' within itself via 'B'."]),
    Case(rule: "UniqueVariableNames", document: "query Q($a: Int, $a: Int) { users(first: $a) { id } }",
      errors: ["1:10 1:19 There can be only one variable named '$a'."]),
    Case(rule: "NoUndefinedVariables", document: "query Q { users(first: $n) { id } }",
      errors: ["1:24 1:1 Variable '$n' is not defined by operation 'Q'."]),
    Case(rule: "NoUnusedVariables", document: "query Q($n: Int) { me { id } }",
      errors: ["1:9 Variable '$n' is never used in operation 'Q'."]),
    Case(rule: "KnownDirectives", document: "{ me @nope { id } }",
      errors: ["1:6 Unknown directive '@nope'."]),
    Case(rule: "KnownDirectives", document: "query Q @skip(if: true) { me { id } }",
      errors: ["1:9 Directive '@skip' may not be used on query."]),
    Case(rule: "UniqueDirectivesPerLocation", document: "{ me { id @skip(if: true) @skip(if: true) } }",
      errors: ["1:11 1:27 The directive '@skip' can only be used once at this location."]),
    Case(rule: "KnownArgumentNames", document: "{ users(frist: 1) { id } }",
      errors: ["1:9 Unknown argument 'frist' on field 'Query.users'. Did you mean 'first'?"]),
    Case(rule: "UniqueArgumentNames", document: "{ users(first: 1, first: 2) { id } }",
      errors: ["1:9 1:19 There can be only one argument named 'first'."]),
    Case(rule: "ValuesOfCorrectType", document: "{ users(first: \"1\") { id } }",
      errors: ["1:16 Int cannot represent non-integer value: \"1\""]),
    Case(rule: "ValuesOfCorrectType", document: "{ node(id: null) { id } }",
      errors: ["1:12 Expected value of non-null type 'ID!' not to be None."]),
    Case(rule: "ProvidedRequiredArguments", document: "{ me { avatar } }",
      errors: ["1:8 Argument 'User.avatar(size:)' of type 'Int!' is required, but it was not provided."]),
    Case(rule: "VariablesInAllowedPosition", document: "query Q($s: Int) { me { avatar(size: $s) } }",
      errors: ["1:9 1:38 Variable '$s' of type 'Int' used in position expecting type 'Int!'."]),
    Case(rule: "OverlappingFieldsCanBeMerged", document: "{ me { x: id x: name } }",
      errors: ["1:8 1:14 Fields 'x' conflict because 'id' and 'name' are different fields. Use different aliases on the fields to fetch both if this was intentional."]),
    Case(rule: "OverlappingFieldsCanBeMerged", document: "{ me { avatar(size: 1) avatar(size: 2) } }",
      errors: ["1:8 1:24 Fields 'avatar' conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional."]),
    Case(rule: "UniqueInputFieldNames", document: "{ search(filter: {name: \"a\", name: \"b\"}) { id } }",
      errors: ["1:19 1:30 There can be only one input field named 'name'."]),
    Case(rule: "MaxIntrospectionDepth", document: "{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }",
      errors: ["1:3 Maximum introspection depth exceeded"]),
    Case(rule: "DeferStreamDirectiveOnRootField", document: "mutation M { ... @defer { rename(name: \"x\") { id } } }",
      errors: ["1:18 Defer directive cannot be used on root mutation type 'Mutation'.", "1:18 Unknown directive '@defer'."]),
    Case(rule: "DeferStreamDirectiveOnValidOperations", document: "subscription S { me { friends @stream { id } } }",
      errors: ["1:31 Stream directive not supported on subscription operations. Disable `@stream` by setting the `if` argument to `false`.", "1:31 Unknown directive '@stream'."]),
    Case(rule: "DeferStreamDirectiveLabel", document: "{ users @stream(label: \"a\") { id } me { ... @defer(label: \"a\") { id } } }",
      errors: ["1:9 Unknown directive '@stream'.", "1:45 Unknown directive '@defer'.", "1:9 1:45 Defer/Stream directive label argument must be unique."]),
    Case(rule: "StreamDirectiveOnListField", document: "{ me @stream { id } }",
      errors: ["1:6 Unknown directive '@stream'.", "1:6 Stream directive cannot be used on non-list field 'me' on type 'Query'."]),
  ]

  @Test(arguments: cases)
  func reportsGraphQLCoreErrors(_ testCase: Case) {
    #expect(ValidationHarness.errors(testCase.document, rules: specifiedRules) == testCase.errors)
  }

  @Test func knownOperationTypesNeedsARootType() throws {
    let schema = try SDLSchemaBuilder.build(sdl: "type Query { a: Int }")
    let errors = Validator.validate(source: Source("mutation M { a }\nsubscription S { a }"), schema: schema)
    #expect(errors.map(\.message) == [
      "The mutation operation is not supported by the schema.",
      "The subscription operation is not supported by the schema.",
    ])
    #expect(errors.map { $0.locations.map(\.line) } == [[1], [2]])
  }

  @Test func everySpecifiedRuleHasAFailingCase() {
    let covered = Set(Self.cases.filter { !$0.errors.isEmpty }.map(\.rule) + ["KnownOperationTypes"])
    let rules = Set(specifiedRules.map { String(describing: $0).replacing("Rule", with: "") })
    #expect(rules.subtracting(covered).isEmpty, "rules without a failing case: \(rules.subtracting(covered).sorted())")
  }
}
