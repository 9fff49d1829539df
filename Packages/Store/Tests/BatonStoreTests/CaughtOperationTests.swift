import BatonNormalizer
import BatonStore
import BatonTapes
import BatonTestServer
import BatonTesting
import StoreTestOperations
import Testing

/// `@catch` on a query or a mutation, through the loopback server: the data is a `Result`
/// (`to: NULL`: optional), a failure when the read meets a field error, the same read from
/// the store as from the network.
@Suite(.serialized, .taped) struct CaughtOperationTests {
  static let shared = SharedServer()

  @Test func aQueryWithoutErrorsReadsAsSuccess() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let data = try await environment.watch(StoreTests.CaughtCharacterQuery(id: "1")).settledData()
    let character = try data.get().character
    #expect(character?.name == "Rick Sanchez" && character?.type == nil)
  }

  @Test func aFieldErrorFailsTheQuerysDataTheSameFromCache() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "fieldError", "target": "Character:1.type", "message": "type unavailable"])
    let environment = server.environment()
    let handle = environment.watch(StoreTests.CaughtCharacterQuery(id: "1"))
    guard case .failure(let errors) = try await handle.settledData() else {
      Issue.record("the query read \(handle.snapshot.phase), not the caught error")
      return
    }
    #expect(errors.errors.map(\.message) == ["type unavailable"])
    #expect(handle.fieldErrors.isEmpty)

    let cached = environment.watch(StoreTests.CaughtCharacterQuery(id: "1"), policy: .storeOnly)
    guard case .ready(.failure(let cachedErrors)) = cached.phase else {
      Issue.record("the cached read is \(cached.phase), not the caught error")
      return
    }
    #expect(cachedErrors == errors)
  }

  @Test func toNullReadsNilOnAFieldError() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "fieldError", "target": "Character:1.type", "message": "type unavailable"])
    let environment = server.environment()
    let handle = environment.watch(StoreTests.CharacterOrNilQuery(id: "1"))
    let data: StoreTests.CharacterOrNilQuery.Response? = try await handle.settledData()
    #expect(data == nil)
    let other = try await environment.watch(StoreTests.CharacterOrNilQuery(id: "2")).settledData()
    #expect(other?.character?.name == "Morty Smith")
  }

  @Test func aMutationsFieldErrorIsItsFailure() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    guard case .failure(let errors) = try await environment.mutate(StoreTests.CaughtRenameMutation(id: "9999", name: "Nobody")) else {
      Issue.record("a rename of no character did not fail")
      return
    }
    #expect(!errors.errors.isEmpty)
    let renamed = try await environment.mutate(StoreTests.CaughtRenameMutation(id: "1", name: "Pickle Rick"))
    #expect(try renamed.get().updateCharacterName?.name == "Pickle Rick")
  }
}
