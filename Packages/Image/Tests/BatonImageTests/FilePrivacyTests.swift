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

/// The image holds a user's data: only its owner may read it, whatever state a save or a
/// load leaves it in, and what authenticated a request never reaches the file or the log.
@Suite(.serialized) struct FilePrivacyTests {
  static let shared = SharedServer()

  static func permissions(_ url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  @Test func aSavedImageIsOwnerOnly() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let image = try FileImage(at: url, debounce: .zero)
    try image.save(SampleImages.everyKind())
    image.flush()
    #expect(try Self.permissions(url) == 0o600)
  }

  /// A file an earlier version left readable by everyone is owner-only once loaded.
  @Test func aLoadedImageBecomesOwnerOnly() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    try Data(FileImage.encode(SampleImages.everyKind())).write(to: url)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
    #expect(try FileImage(at: url).load() == SampleImages.everyKind())
    #expect(try Self.permissions(url) == 0o600)
  }

  @Test func aSetAsideImageIsOwnerOnly() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    try Data("a user's data, not an image".utf8).write(to: url)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
    let error = try #require(throws: SetAsideImage.self) { try FileImage(at: url).load() }
    let movedTo = try #require(error.movedTo)
    #expect(try Self.permissions(movedTo) == 0o600)
  }

  /// A token in a header the transport sends is in neither the image's bytes nor the log,
  /// after a fetch with data, one with a field error and one the server fails.
  @Test(.requires(.testServer)) func aRequestHeaderReachesNeitherTheImageNorTheLog() async throws {
    let server = try await Self.shared.fresh()
    let token = "secret-token-7f3a9c1e"
    try await server.control(["command": "fieldError", "target": "Character:1.type", "message": "type unavailable"])
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let environment = GraphQLEnvironment(
      transport: HTTPTransport(
        endpoint: server.graphQLURL, headers: ["Authorization": "Bearer \(token)", "X-Session": token],
        timeout: .seconds(30)),
      persistence: try FileImage(at: url, debounce: .zero))
    let rick = environment.watch(ImageTests.CharacterDetailQuery(id: "1"))
    try await rick.settledData()
    #expect(rick.phase.data != nil)
    try await server.control(["command": "respond", "status": 500, "count": 1])
    let failed = environment.watch(ImageTests.CharacterDetailQuery(id: "2"))
    try await failed.snapshots(until: { !$0.fetch.isInFlight && $0.fetch != .idle })
    try await environment.flushUntilSaved(to: url)

    let bytes = try [UInt8](Data(contentsOf: url))
    #expect(!bytes.isEmpty)
    #expect(bytes.firstRange(of: Array(token.utf8)) == nil, "the image holds the header's token")
    let events = environment.log.events.map { String(describing: $0) + " " + String(reflecting: $0) }
    #expect(!events.isEmpty)
    #expect(!events.contains { $0.contains(token) }, "the log holds the header's token")
  }
}
