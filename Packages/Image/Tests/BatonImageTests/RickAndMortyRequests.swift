import BatonNormalizer
import BatonStore
import BatonTestServer
import Foundation
import Synchronization

/// `CharacterDetail` as generated code would declare it; the data is the read's root
/// object, so two launches can be compared value for value.
struct CharacterDetailRequest: GraphQLOperation {
  typealias Data = DataObject
  var id: String
  static var document: String { RickAndMortyOperations.characterText }
  static var operationID: String { "image-tests-CharacterDetail" }
  static var operation: BatonNormalizer.Operation { RickAndMortyOperations.character }
  var variables: [String: JSONValue] { ["id": .string(id)] }
  static func makeData(_ root: DataObject, in source: RecordSource) throws -> DataObject { root }
}

/// `CharacterPage`: one page of characters with their locations.
struct CharacterPageRequest: GraphQLOperation {
  typealias Data = DataObject
  var page: Int
  static var document: String { RickAndMortyOperations.pageText }
  static var operationID: String { "image-tests-CharacterPage" }
  static var operation: BatonNormalizer.Operation { RickAndMortyOperations.page }
  var variables: [String: JSONValue] { ["page": .number(String(page))] }
  static func makeData(_ root: DataObject, in source: RecordSource) throws -> DataObject { root }
}

/// A clock a test moves by hand, shared by the environments of one test: "now" stays put
/// across a simulated relaunch unless the test moves it.
final class ManualClock: StoreClock {
  private let current: Mutex<Date>

  init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
    current = Mutex(start)
  }

  var now: Date { current.withLock { $0 } }

  func advance(by seconds: TimeInterval) {
    current.withLock { $0 = $0.addingTimeInterval(seconds) }
  }
}

struct WaitTimedOut: Error, CustomStringConvertible {
  var description: String
}

extension OperationHandle {
  /// Polls until `condition` holds for the handle's snapshot; throws after `seconds`.
  func wait(
    for what: String, within seconds: Double = 10, until condition: (OperationSnapshot<Request.Data>) -> Bool
  ) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition(snapshot) {
      guard Date() < deadline else { throw WaitTimedOut(description: "\(what) did not happen within \(seconds) s") }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  /// Waits until the handle has data and no fetch in flight.
  func settle() async throws {
    try await wait(for: "settled data") { $0.phase.data != nil && !$0.fetch.isInFlight }
  }
}

/// One loopback server for a serialized suite, reset before each test.
struct LoopbackServer: Sendable {
  let started: Result<TestServer, TestServerError>

  init() {
    do {
      started = .success(try TestServer())
    } catch let error as TestServerError {
      started = .failure(error)
    } catch {
      started = .failure(TestServerError(String(describing: error)))
    }
  }

  func fresh() async throws -> TestServer {
    let server = try started.get()
    try await server.reset()
    return server
  }
}

extension TestServer {
  func environment(image: any Persistence, clock: any StoreClock, staleAfter: Duration? = .seconds(300)) -> Environment {
    Environment(
      transport: HTTPTransport(endpoint: graphQLURL), persistence: image, staleAfter: staleAfter, clock: clock)
  }
}
