import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTesting
import StoreTestOperations
import TestPrerequisites
import Testing

/// `@catch` on an aliased inline fragment, through the loopback server: the fragment reads
/// as an object of its own, named by its alias; a field error among its fields makes it a
/// failure (`to: NULL`: nil), the same read from the store as from the network, while the
/// fields beside it read as usual; on a union's item it is nil where the item is of another type.
@Suite(.serialized, .taped) struct CaughtAliasedFragmentTests {
  static let shared = SharedServer()
  typealias Query = StoreTests.CaughtDetailsQuery

  @Test func withoutErrorsTheFragmentReadsItsFields() async throws {
    let server = try await Self.shared.fresh()
    let data = try await server.environment().watch(Query(id: "1", text: "Rick")).settledData()
    let details = try data.character?.details.get()
    #expect(details?.status == .alive)
    #expect(details?.type == nil)
    #expect(data.character?.kind != nil)
    #expect(try data.search.first?.character.get()?.name == "Rick Sanchez")
  }

  @Test func aFieldErrorInsideFailsTheFragmentTheSameFromCache() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "fieldError", "target": "Character:1.type", "message": "type unavailable"])
    let environment = server.environment()
    let handle = environment.watch(Query(id: "1", text: "Earth"))
    let data = try await handle.settledData()
    guard case .failure(let errors)? = data.character?.details else {
      Issue.record("the fragment read \(String(describing: data.character?.details)), not the caught error")
      return
    }
    #expect(errors.errors.map(\.message) == ["type unavailable"])
    #expect(data.character?.kind == nil)
    #expect(data.character?.name == "Rick Sanchez")
    #expect(handle.fieldErrors.isEmpty)
    #expect(!data.search.isEmpty)
    #expect(data.search.allSatisfy { $0.__typename != "Character" && $0.character == .success(nil) })

    let cached = environment.watch(Query(id: "1", text: "Earth"), policy: .storeOnly)
    guard case .ready(let cachedData) = cached.phase else {
      Issue.record("the cached read is \(cached.phase), not ready")
      return
    }
    #expect(cachedData.character?.details == data.character?.details)
    #expect(cachedData == data)
  }

  /// A builder takes the fragment's value: a failure is put on its first field, as a
  /// server's error there would be, and `nil` for `to: NULL` reads as nil.
  @Test func builtDataEqualsFetchedData() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "fieldError", "target": "Character:1.type", "message": "type unavailable"])
    let fetched = try await server.environment().watch(Query(id: "1", text: "Earth")).settledData()
    let caught = StoreTests.FieldErrors(errors: [FieldError(message: "type unavailable")])
    let built = Query.Data(
      character: .init(id: "1", name: "Rick Sanchez", details: .failure(caught), kind: nil),
      search: [.init(__typename: "Location")])
    #expect(built.character == fetched.character)
    #expect(built.character?.details == .failure(caught))
    #expect(built.search.first?.character == .success(nil))
    // The response fetched data stands for reads back as the same data, the failure included.
    #expect(Query.Data(__response: fetched.__response).character == fetched.character)

    let found = Query.Data(
      character: .init(id: "1", name: "Rick Sanchez", details: .success(.init(type: nil, status: .dead)), kind: .init(type: nil)),
      search: [])
    #expect(try found.character?.details.get().status == .dead)
    #expect(found.character?.kind != nil)
  }
}
