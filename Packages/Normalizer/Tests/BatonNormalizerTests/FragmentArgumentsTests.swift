@_spi(Development) import BatonNormalizer
import Testing

/// A fragment's `@argumentDefinitions` variables at runtime: each spread's `@arguments`
/// (else the defaults) set them while the fragment's fields are normalized and read, so a
/// field is stored under the values its arguments take, and the fragment reference carries
/// them to the fragment's own read.
@Suite struct FragmentArgumentsTests {
  static let avatar = Fragment(
    name: "Avatar", on: "Character",
    selections: [scalar("image", arguments: [Argument("size", .variable("size"))])],
    argumentDefinitions: [FragmentArgument("size", defaultValue: .number("64"))])

  static func operation(_ arguments: [Argument]) -> OperationDescriptor {
    query("Q", [ReaderTests.character([.fragmentSpread(FragmentSpread(avatar, arguments: arguments))])])
  }

  static let body = ReaderTests.response(#""image":"rick.png""#)

  @Test func aLiteralArgumentKeysTheFieldByItsValue() throws {
    let payload = try normalize(response: Self.body, for: Self.operation([Argument("size", .literal(.number("128")))]))
    #expect(payload.records["Character:1"]?["image(size:128)"] != nil)
    #expect(payload.records["Character:1"]?["image"] == nil)
  }

  @Test func anOperationVariablePassedOnKeysTheFieldByTheVariablesValue() throws {
    let operation = Self.operation([Argument("size", .variable("pixels"))])
    let payload = try normalize(response: Self.body, for: operation, variables: ["pixels": .number("32")])
    #expect(payload.records["Character:1"]?["image(size:32)"] != nil)
    let parent = read(payload.records, operation: operation, variables: ["pixels": .number("32")])
    guard case .fragment(let reference)? = parent.data?.value("character", in: operation.selections).objectValue?.fields[2] else {
      Issue.record("the spread did not read as a fragment reference")
      return
    }
    #expect(reference.variables["size"] == .number("32"))
    let fragment = read(payload.records, fragment: Self.avatar, at: reference)
    #expect(fragment.data?.value("image", in: Self.avatar.selections) == .scalar(.string("rick.png")))
  }

  @Test func aSpreadWithoutArgumentsUsesTheDefault() throws {
    let payload = try normalize(response: Self.body, for: Self.operation([]))
    #expect(payload.records["Character:1"]?["image(size:64)"] != nil)
  }

  @Test func theFragmentsVariablesAreTheParentsWithItsOwnSet() {
    let spread = FragmentSpread(Self.avatar, arguments: [Argument("size", .variable("missing"))])
    let scoped = spread.variables(["other": .bool(true)])
    // An argument whose variable has no value falls back to the default; the parent's stay.
    #expect(scoped == ["other": .bool(true), "size": .number("64")])
    let plain = FragmentSpread(Fragment(name: "Plain", on: "Character", selections: []))
    #expect(plain.variables(["other": .bool(true)]) == ["other": .bool(true)])
  }
}

/// The root record takes the response's `__typename` before its selections are
/// normalized, so a spread on the query type, which selects it, matches there.
@Suite struct RootTypenameTests {
  static let queryFragment = Fragment(name: "Root", on: "Query", selections: [typenameField, scalar("motto")])

  @Test func aQuerysRootTypenameLetsASpreadOnTheQueryTypeMatch() throws {
    let operation = query("Q", [.fragmentSpread(FragmentSpread(Self.queryFragment))])
    let payload = try normalize(response: bytes(#"{"data":{"__typename":"Query","motto":"wubba"}}"#), for: operation)
    #expect(payload.records[.root]?.typename == "Query")
    #expect(payload.records[.root]?["motto"] != nil)
    guard case .fragment(let reference)? = read(payload.records, operation: operation).data?.fields.first else {
      Issue.record("the spread on the query type did not match at the root")
      return
    }
    #expect(read(payload.records, fragment: Self.queryFragment, at: reference).data != nil)
  }
}
