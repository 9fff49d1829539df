@_spi(Development) import BatonNormalizer
import Testing

/// An aliased inline fragment under `@catch`: one slot of its parent's object, holding an
/// object of the fragment's fields read on the same record, or what it caught (the errors
/// for `.result`, null for `.null`), the same from cache as from network; a `@required(action:
/// THROW)` null inside is caught too, a `@catch` field inside catches its own, and the slot
/// is `.absent` on an object of another type.
@Suite struct CaughtInlineFragmentReadTests {
  static func caught(_ target: CatchTarget, on type: String = "Character", _ selections: [Selection]) -> Selection {
    .inlineFragment(InlineFragment(on: type, selections: selections, catchTo: target))
  }

  static func operation(_ fragment: Selection) -> OperationDescriptor {
    query("Q", [ReaderTests.character([scalar("name"), fragment])])
  }

  /// The slot after `__typename`, `id` and `name`.
  static func fragmentSlot(_ result: ReadResult, _ operation: OperationDescriptor) -> DataValue {
    result.data?.value("character", in: operation.selections).objectValue?[3] ?? .absent
  }

  func load(_ operation: OperationDescriptor, _ body: [UInt8]) throws -> ReadResult {
    read(try normalize(response: body, for: operation).records, operation: operation)
  }

  static let fields = [scalar("type"), scalar("status", "String", [.semanticNonNull])]
  static let statusError = ReaderTests.response(#""name":"Rick","type":null,"status":null"#, errors: ReaderTests.error(#""status""#))

  @Test func theFragmentIsOneSlotHoldingAnObjectOfItsFields() throws {
    let fragment = Self.caught(.result, Self.fields)
    let operation = Self.operation(fragment)
    let result = try load(operation, ReaderTests.response(#""name":"Rick","type":null,"status":"Alive""#))
    #expect([fragment].slotCount == 1)
    #expect(result.data?.value("character", in: operation.selections).objectValue?.fields.count == 4)
    #expect(Self.fragmentSlot(result, operation).objectValue?.fields == [.null, .scalar("Alive")])
    #expect(result.events.isEmpty)
  }

  @Test func aFieldErrorInsideIsCaughtTheSameFromCacheAsFromNetwork() throws {
    let operation = Self.operation(Self.caught(.result, Self.fields))
    let fresh = try load(operation, Self.statusError)
    #expect(Self.fragmentSlot(fresh, operation) == .caught(ReaderTests.boom))
    #expect(fresh.data?.value("character", in: operation.selections).objectValue?[2] == .scalar("Rick"))
    #expect(fresh.events.isEmpty && fresh.failure == nil)

    var cache = RecordSource()
    try cache.commit(response: ReaderTests.response(#""name":"Rick","type":null,"status":"Alive""#), for: operation)
    try cache.commit(response: Self.statusError, for: operation)
    #expect(read(cache, operation: operation) == fresh)

    let toNull = Self.operation(Self.caught(.null, Self.fields))
    #expect(Self.fragmentSlot(try load(toNull, Self.statusError), toNull) == .null)
  }

  @Test func aRequiredThrowNullInsideIsCaught() throws {
    let operation = Self.operation(Self.caught(.result, [scalar("type", required: .throw)]))
    let result = try load(operation, ReaderTests.response(#""name":"Rick","type":null"#))
    #expect(Self.fragmentSlot(result, operation).caughtErrors?.count == 1)
    #expect(result.events.isEmpty)
  }

  @Test func aCatchFieldInsideCatchesItsOwnError() throws {
    let operation = Self.operation(Self.caught(.result, [scalar("type", catchTo: .result), scalar("status")]))
    let body = ReaderTests.response(#""name":"Rick","type":null,"status":"Alive""#, errors: ReaderTests.error(#""type""#))
    let result = try load(operation, body)
    #expect(Self.fragmentSlot(result, operation).objectValue?.fields == [.caught(ReaderTests.boom), .scalar("Alive")])
  }

  @Test func anObjectOfAnotherTypeLeavesTheSlotAbsent() throws {
    let operation = Self.operation(Self.caught(.result, on: "Location", [scalar("dimension")]))
    let result = try load(operation, ReaderTests.response(#""name":"Rick""#))
    #expect(Self.fragmentSlot(result, operation) == .absent)
    #expect(result.data?.value("character", in: operation.selections).objectValue?.fields.count == 4)
  }
}
