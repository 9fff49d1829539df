import BatonNormalizer
import BatonStore
import BatonTestServer
import BatonTesting
import BatonTransport
import Foundation
import ImageTestOperations
import TestPrerequisites
import Testing

@testable import BatonImage

/// `reset()` for a sign-out: no record, no handle data and no image afterwards; and the
/// token the requests carried never reaches the image or the log.
@Suite(.serialized, .requires(.testServer)) struct ResetTests {
  static let shared = SharedServer()
  static let plantedToken = "planted-token-5d1f0c9e7b"

  struct PlantedToken: TokenProvider {
    func token() async throws -> String? { ResetTests.plantedToken }
    func refreshedToken(replacing rejected: String?) async throws -> String { ResetTests.plantedToken }
  }

  /// An environment whose requests carry the planted token, saving to `url`.
  static func environment(_ server: TestServer, _ url: URL) throws -> GraphQLEnvironment {
    let http = HTTPTransport(endpoint: server.graphQLURL, timeout: .seconds(30))
    return GraphQLEnvironment(
      transport: TransportChain([AuthPart(tokens: PlantedToken())], to: http),
      persistence: try FileImage(at: url, debounce: .zero))
  }

  @Test func resetLeavesNoRecordNoHandleDataAndNoImage() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(
      ["command": "auth", "token": .string(Self.plantedToken)],
      ["command": "fieldError", "target": "Character:1.type", "message": "type unavailable"])
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let environment = try Self.environment(server, url)
    let rick = environment.watch(ImageTests.CharacterDetailQuery(id: "1"))
    let page = environment.watch(ImageTests.CharacterPageQuery(page: .value(1)))
    _ = try await rick.settled()
    _ = try await page.settled()
    try await environment.flushUntilSaved(to: url)
    #expect(Set(try directory.names()).isSubset(of: ["store.image", "store.image.log"]))
    let sent = try await server.recentRequests().compactMap { $0["headers"]?["Authorization"]?.stringValue }
    #expect(sent == ["Bearer \(Self.plantedToken)", "Bearer \(Self.plantedToken)"], "the token did go to the server")

    // The token is in neither the image's bytes, nor its change log's, nor the log's.
    for file in [url, url.appendingPathExtension("log")] where FileManager.default.fileExists(atPath: file.path) {
      let bytes = try Data(contentsOf: file)
      #expect(bytes.range(of: Data(Self.plantedToken.utf8)) == nil)
      #expect(bytes.range(of: Data("Bearer".utf8)) == nil)
    }
    let logText = environment.log.events.map { String(describing: $0) }.joined(separator: "\n")
    #expect(!environment.log.events.isEmpty, "the field error was logged, so the log has text to search")
    #expect(!logText.contains(Self.plantedToken))

    environment.reset()
    #expect(environment.records.records.isEmpty)
    #expect(rick.phase.isLoading && rick.phase.data == nil)
    #expect(page.phase.isLoading && page.phase.data == nil)
    #expect(rick.fieldErrors.isEmpty && !rick.fetch.isInFlight)
    #expect(try directory.names().isEmpty, "no image, no temporary")
    environment.flush()
    try await Task.sleep(for: .milliseconds(100))
    #expect(try directory.names().isEmpty, "no save after the reset brings the old image back")

    // A relaunch finds nothing.
    let relaunched = try Self.environment(server, url)
    #expect(relaunched.records.records.isEmpty)
    #expect(!relaunched.log.events.contains { if case .imageLoaded = $0.kind { true } else { false } })
  }

  @Test func aReplyArrivingAfterTheResetIsDropped() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "delay", "ms": 300, "count": 1])
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let environment = try Self.environment(server, url)
    let rick = environment.watch(ImageTests.CharacterDetailQuery(id: "1"))
    #expect(rick.fetch.isInFlight)
    environment.reset()
    #expect(!rick.fetch.isInFlight)
    try await Task.sleep(for: .milliseconds(600))
    environment.flush()
    #expect(environment.records.records.isEmpty)
    #expect(rick.phase.data == nil)
    #expect(try directory.names().isEmpty)
  }

  @Test func afterAResetTheStoreFillsAndSavesAgain() async throws {
    let server = try await Self.shared.fresh()
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let environment = try Self.environment(server, url)
    let rick = environment.watch(ImageTests.CharacterDetailQuery(id: "1"))
    _ = try await rick.settled()
    environment.reset()
    await rick.refetch()
    #expect(rick.phase.data != nil)
    try await environment.flushUntilSaved(to: url)
    #expect(try FileImage(at: url).load()?.operations.count == 1)
  }
}

extension TestServer {
  /// The recent `/graphql` requests, oldest first.
  func recentRequests() async throws -> [JSONValue] {
    guard case .array(let recent)? = try await requests()["recent"] else { return [] }
    return recent
  }
}
