import Baton
import BatonNormalizer
import BatonTestServer
import BatonTesting
import EndToEndOperations
import Foundation
import TestPrerequisites
import Testing

/// What a saved image holds links only to records it holds: the server pages a connection
/// merged and the records only a dropped operation read are collected, and so are the
/// fields of kept records that linked to them.
@Suite(.serialized, .requires(.testServer)) struct SavedImageLinkTests {
  static let shared = SharedServer()

  /// Every link of every record in `image` that names a record `image` lacks, as
  /// `record.field → target`.
  static func danglingLinks(in image: StoreImage) -> [String] {
    image.records.records.values.flatMap { record in
      record.fields.flatMap { key, field in
        field.value.links.filter { image.records[$0] == nil }.map { "\(record.id).\(key) → \($0)" }
      }
    }.sorted()
  }

  @Test func everyLinkInAnImageSavedAfterPagesResolves() async throws {
    let server = try await Self.shared.fresh()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-image-links-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("store.image")
    let environment = server.environment(persistence: try FileImage(at: url, debounce: .zero), releaseBufferSize: 0)

    // Rick's origin, read by an operation that is then dropped: Character:1 stays (the list
    // reads it), Location:1 goes.
    var origin: OperationHandle<EndToEnd.RickOriginQuery>? = environment.watch(EndToEnd.RickOriginQuery(id: "1"))
    try await origin?.settledData()
    let list = environment.watchPaginated(EndToEnd.CharacterListQuery(count: .value(5)))
    try await list.handle.settledData()
    await list.loadNext(5).value
    await list.loadNext(5).value
    #expect(list.phase.data?.charactersConnection.edges.map(\.node.id) == numberedIDs(1...15))
    origin = nil
    try await eventually("the origin's operation dropped") { environment.records["Location:1"] == nil }

    environment.flush()
    let image = try #require(try FileImage(at: url).load())
    #expect(Self.danglingLinks(in: image) == [])
    #expect(image.records[RecordID("Character:15")]?["name"] != nil)
    #expect(image.records[RecordID("Location:1")] == nil)

    // The saved image reads back the whole list from the store alone.
    let relaunched = server.environment(persistence: try FileImage(at: url, debounce: .zero))
    let again = relaunched.watchPaginated(EndToEnd.CharacterListQuery(count: .value(5)), policy: .storeOnly)
    #expect(again.phase.data?.charactersConnection.edges.map(\.node.id) == numberedIDs(1...15))
    #expect(!relaunched.log.events.contains { $0.kind == .missing })
  }
}
