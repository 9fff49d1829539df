@_spi(Development) import BatonNormalizer
import Testing

/// Under `onError: NULL` a field error on a non-null field inside a spread fragment goes up
/// to the nearest nullable ancestor in the response, as the server's PROPAGATE would: a
/// spread is no field, so the parent's field or list item reads null, the spread itself is
/// never what turns null, and a fragment read alone at a record where it is nulled fails
/// with the field errors instead of reading a `nil` nobody asked for.
@Suite struct SpreadNullPropagationTests {
  static let keys: [String: [String]] = ["Character": ["id"], "Location": ["id"]]
  static let card = Fragment(name: "Card", on: "Character", selections: [
    scalar("name", "String", [.nonNull]), scalar("type"),
  ])
  static let boom = [FieldError(message: "boom")]

  static func character(_ selections: [Selection], catchTo: CatchTarget? = nil) -> Selection {
    object("character", "Character", arguments: [Argument("id", .literal("1"))], keys: keys, catchTo: catchTo,
           [scalar("id", "ID", [.nonNull])] + selections)
  }

  static func response(name: String) -> [UInt8] {
    let errors = name == "null" ? #","errors":[{"message":"boom","path":["character","name"]}]"# : ""
    return bytes(#"{"data":{"character":{"__typename":"Character","id":"1","name":\#(name),"type":null}}\#(errors)}"#)
  }

  @Test func aNonNullFieldErrorInASpreadNullsTheParentsNearestNullableField() throws {
    let operation = query("Q", onError: .null, [Self.character([.fragmentSpread(FragmentSpread(Self.card))])])
    let fresh = try normalize(response: Self.response(name: "null"), for: operation)
    let result = read(fresh.records, operation: operation)
    #expect(result.data?.value("character", in: operation.selections) == .null)
    #expect(result.fieldErrors == [ReadEvent(.fieldError(Self.boom), owner: .fragment("Card"), record: "Character:1", field: "name")])
    #expect(result.failure == nil)

    var cached = RecordSource()
    try cached.commit(response: Self.response(name: #""Rick""#), for: operation)
    let before = read(cached, operation: operation)
    #expect(before.data?.value("character", in: operation.selections).objectValue != nil)
    try cached.commit(response: Self.response(name: "null"), for: operation)
    #expect(read(cached, operation: operation) == result)
  }

  @Test func inAListOfNullableItemsOnlyTheItemIsNulled() throws {
    let list = object(
      "characters", "Character", [.nonNull, .nullable], keys: Self.keys,
      [scalar("id", "ID", [.nonNull]), .fragmentSpread(FragmentSpread(Self.card))])
    let operation = query("Q", onError: .null, [list])
    let body = #"{"data":{"characters":[{"__typename":"Character","id":"1","name":"Rick","type":null},"#
      + #"{"__typename":"Character","id":"2","name":null,"type":null}]},"#
      + #""errors":[{"message":"boom","path":["characters",1,"name"]}]}"#
    let payload = try normalize(response: bytes(body), for: operation)
    let result = read(payload.records, operation: operation)
    let items = try #require(result.data?.value("characters", in: operation.selections).listValue)
    #expect(items.count == 2)
    #expect(items[0].objectValue != nil)
    #expect(items[1] == .null)
    #expect(result.fieldErrors.map(\.record) == ["Character:2"])
  }

  @Test func theNullCrossesNestedSpreadsAndNonNullFields() throws {
    let place = Fragment(name: "Place", on: "Location", selections: [scalar("name", "String", [.nonNull])])
    let origin = Fragment(name: "Origin", on: "Character", selections: [
      object("origin", "Location", [.nonNull], keys: Self.keys, [scalar("id", "ID", [.nonNull]), .fragmentSpread(FragmentSpread(place))]),
    ])
    let operation = query("Q", onError: .null, [Self.character([.fragmentSpread(FragmentSpread(origin))])])
    let body = #"{"data":{"character":{"__typename":"Character","id":"1","origin":{"__typename":"Location","id":"3","name":null}}},"#
      + #""errors":[{"message":"boom","path":["character","origin","name"]}]}"#
    let payload = try normalize(response: bytes(body), for: operation)
    let result = read(payload.records, operation: operation)
    #expect(result.data?.value("character", in: operation.selections) == .null)
    #expect(result.fieldErrors.map(\.owner) == [.fragment("Place")])
    #expect(result.seenRecords.contains("Location:3"))
  }

  @Test func aFragmentReadAloneWhoseNullableAncestorIsOutsideItFails() throws {
    let operation = query("Q", onError: .null, [Self.character([.fragmentSpread(FragmentSpread(Self.card))])])
    var source = RecordSource()
    try source.commit(response: Self.response(name: #""Rick""#), for: operation)
    guard case .fragment(let reference)? = read(source, operation: operation).data?
      .value("character", in: operation.selections).objectValue?.fields[2]
    else {
      Issue.record("the spread did not read as a fragment reference")
      return
    }
    #expect(read(source, fragment: Self.card, at: reference).failure == nil)
    try source.commit(response: Self.response(name: "null"), for: operation)
    let alone = read(source, fragment: Self.card, at: reference)
    let event = ReadEvent(.fieldError(Self.boom), owner: .fragment("Card"), record: "Character:1", field: "name")
    #expect(alone.data == nil)
    #expect(alone.failure == .fieldErrors([event]))
  }

  @Test func aCatchAboveTheParentCatchesTheCrossingError() throws {
    let operation = query("Q", onError: .null, [Self.character([.fragmentSpread(FragmentSpread(Self.card))], catchTo: .result)])
    let payload = try normalize(response: Self.response(name: "null"), for: operation)
    let result = read(payload.records, operation: operation)
    #expect(result.data?.value("character", in: operation.selections) == .caught(Self.boom))
    #expect(result.fieldErrors.isEmpty)
  }

  @Test func aFragmentWithItsOwnPolicyKeepsItsErrors() throws {
    let strict = Fragment(name: "Strict", on: "Character", selections: Self.card.selections, throwOnFieldError: true)
    let operation = query("Q", onError: .null, [Self.character([.fragmentSpread(FragmentSpread(strict))])])
    let payload = try normalize(response: Self.response(name: "null"), for: operation)
    let result = read(payload.records, operation: operation)
    #expect(result.data?.value("character", in: operation.selections).objectValue != nil)
    #expect(result.events.isEmpty)
  }

  @Test func whereTheServerPropagatesTheReaderLeavesTheSpreadAlone() throws {
    let operation = query("Q", [Self.character([.fragmentSpread(FragmentSpread(Self.card))])])
    let payload = try normalize(response: Self.response(name: "null"), for: operation)
    let result = read(payload.records, operation: operation)
    #expect(result.data?.value("character", in: operation.selections).objectValue != nil)
    #expect(result.events.isEmpty)
  }
}
