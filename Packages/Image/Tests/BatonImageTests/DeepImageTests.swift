@_spi(Development) import BatonNormalizer
import BatonStore
import BatonTestServer
import BatonTesting
import BatonTransport
import Foundation
import ImageTestOperations
import TestPrerequisites
import Testing
@testable import BatonImage

/// Whatever the store holds (a response's custom scalar, an error's extensions, an error
/// path) the image saves and loads at any depth up to the response reader's limit, on a
/// small thread stack; a deeper value is left out alone and logged, never the file.
@Suite(.serialized) struct DeepImageTests {
  static let shared = SharedServer()
  static let limit = JSONReader.defaultDepthLimit

  /// Every place the image holds a nested value, each `limit` deep, and error paths of
  /// 100,000 components.
  static func imageAtTheLimit() -> StoreImage {
    let longPath = DeepValues.path(count: 100_000)
    let item = StoreRecord(
      id: "Item:1", typename: "Item",
      fields: [
        "json": RecordField(.scalar(DeepValues.json(depth: limit))),
        "list": RecordField(DeepValues.list(depth: limit)),
        "mixed": RecordField(DeepValues.list(depth: limit / 2, around: .scalar(DeepValues.json(depth: limit / 2)))),
        "failed": RecordField(
          .null, errors: [FieldError(message: "deep", path: longPath, extensions: DeepValues.json(depth: limit))]),
      ])
    let operation = OperationImage(
      operationID: "deep", name: "DeepQuery", variables: ["filter": DeepValues.json(depth: limit)],
      fetchedAt: Date(timeIntervalSince1970: 1_800_000_000), seenRecords: ["Item:1"],
      operationErrors: [FieldError(message: "long", path: longPath, extensions: DeepValues.json(depth: limit))])
    return StoreImage(records: RecordSource([item]), operations: [operation])
  }

  @Test func valuesAtTheLimitSaveAndLoadOnASmallStack() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let image = Self.imageAtTheLimit()
    let loaded = try await onSmallStack {
      // Written by `flush()` on this thread, not by a debounced write on a queue's.
      let file = try FileImage(at: url, debounce: .seconds(60))
      try file.save(image)
      file.flush()
      return try FileImage(at: url).load()
    }
    #expect(loaded == image)
  }

  /// A value 20,000 deep is left out on a small stack, which recursing into it would
  /// overflow. It is made and freed on a large stack: freeing it recurses in the runtime.
  @Test func aValueFarDeeperThanTheLimitIsLeftOutWithoutRecursion() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let loaded = try await onOwnThread(stackSize: 64 << 20) {
      let item = StoreRecord(
        id: "Item:1", typename: "Item",
        fields: ["deep": RecordField(.scalar(DeepValues.json(depth: 20_000))), "kept": RecordField(.scalar("yes"))])
      let image = StoreImage(
        records: RecordSource([item]), operations: [OperationImage(operationID: "deep", name: "DeepQuery", seenRecords: ["Item:1"])])
      return try onSmallStack {
        let file = try FileImage(at: url, debounce: .seconds(60))
        try file.save(image)
        file.flush()
        return try FileImage(at: url).load()
      }
    }
    #expect(loaded?.records["Item:1"]?.fields == ["kept": RecordField(.scalar("yes"))])
    #expect(loaded?.operations.map(\.name) == ["DeepQuery"])
  }

  /// A response the server sends, `depth` deep in a custom scalar and in a field error's
  /// extensions, under the reader's limit for the whole response.
  static func deepResponse(depth: Int) -> JSONValue {
    .object([
      JSONMember("data", .object([
        JSONMember("item", .object([
          JSONMember("__typename", "Item"), JSONMember("id", "1"),
          JSONMember("payload", DeepValues.json(depth: depth)), JSONMember("note", .null),
        ]))
      ])),
      JSONMember("errors", .array([
        .object([
          JSONMember("message", "note unavailable"), JSONMember("path", .array(["item", "note"])),
          JSONMember("extensions", DeepValues.json(depth: depth)),
        ])
      ])),
    ])
  }

  /// 300 deep, and as deep as the reader takes: the response, `data`, `item` and 509 more.
  @Test(.requires(.testServer), arguments: [300, limit - 3])
  func aResponseTheStoreAcceptedLoadsAfterARelaunch(_ depth: Int) async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "respond", "status": 200, "count": 1, "json": Self.deepResponse(depth: depth)])
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let first = server.environment(persistence: try FileImage(at: url, debounce: .zero))
    let handle = first.watch(DeepImage.DeepItemQuery())
    let item = try await handle.settledData().item
    #expect(item?.payload?.jsonValue == DeepValues.json(depth: depth))
    #expect(first.records["Item:1"]?["payload"]?.value == .scalar(DeepValues.json(depth: depth)))
    try await first.flushUntilSaved(to: url)

    let second = server.environment(persistence: try FileImage(at: url, debounce: .zero))
    #expect(!second.log.events.contains { if case .imageLoadFailed = $0.kind { true } else { false } })
    #expect(Set(try directory.names()).isSubset(of: ["store.image", "store.image.log"]))
    let again = second.watch(DeepImage.DeepItemQuery(), policy: .storeOnly)
    #expect(again.phase.data == handle.phase.data)
    #expect(again.fieldErrors == handle.fieldErrors)
    #expect(second.records == first.records)
  }

  /// A local write nests deeper than the image holds: that field is left out of the file
  /// and logged; the rest of the record, its errors and every other record load.
  @Test(.requires(.testServer)) func aValueTheImageCannotHoldIsLeftOutAloneAndLogged() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "respond", "status": 200, "count": 1, "json": Self.deepResponse(depth: 3)])
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let first = server.environment(persistence: try FileImage(at: url, debounce: .zero))
    let handle = first.watch(DeepImage.DeepItemQuery())
    try await handle.settledData()
    first.commitUpdate { records in
      records.setValue(.scalar(DeepValues.json(depth: Self.limit + 1)), forKey: "payload", on: "Item:1")
    }
    first.flush()
    try await eventually("the dropped value logged") {
      first.log.events.contains { event in
        guard case .imageValueDropped = event.kind else { return false }
        return event.record == "Item:1" && event.field == "payload"
      }
    }

    let second = server.environment(persistence: try FileImage(at: url, debounce: .zero))
    #expect(!second.log.events.contains { if case .imageLoadFailed = $0.kind { true } else { false } })
    let item = try #require(second.records["Item:1"])
    #expect(item["payload"] == nil)
    #expect(item["note"] == first.records["Item:1"]?["note"])
    #expect(second.records[.root] == first.records[.root])
  }

  /// A file an earlier encoder wrote, with a value deeper than the limit: that field is
  /// left out and logged, the rest loads.
  @Test func aTooDeepValueInAFileIsLeftOutAloneAtLoad() async throws {
    var payload = ByteWriter()
    payload.count(0)  // no string table: every string in place
    func string(_ text: String) {
      payload.count(text.utf8.count * 2 + 1)
      payload.raw(text.utf8)
    }
    payload.count(1)  // records
    string("Item:1")
    payload.byte(0)  // no typename
    payload.count(2)
    string("deep")
    payload.byte(ImageFormat.ValueTag.scalar.rawValue)
    for _ in 0..<(Self.limit + 1) {
      payload.byte(ImageFormat.JSONTag.array.rawValue)
      payload.count(1)
    }
    payload.byte(ImageFormat.JSONTag.null.rawValue)
    payload.count(0)  // errors
    string("kept")
    payload.byte(ImageFormat.ValueTag.scalar.rawValue)
    payload.byte(ImageFormat.JSONTag.string.rawValue)
    string("yes")
    payload.count(0)
    payload.count(1)  // operations
    string("op")
    string("ItemQuery")
    payload.count(0)  // variables
    payload.byte(0)  // not fetched
    payload.bool(false)
    payload.count(1)
    string("Item:1")
    payload.count(0)
    payload.count(0)  // outbox
    payload.count(0)  // commit times
    payload.count(0)  // field ages

    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    try Data(ImageEncoder.file(payload: payload.bytes)).write(to: url)
    let endpoint = try #require(URL(string: "http://127.0.0.1:9/graphql"))
    let environment = try await onSmallStack {
      GraphQLEnvironment(transport: HTTPTransport(endpoint: endpoint), persistence: try FileImage(at: url))
    }
    #expect(environment.records["Item:1"]?.fields == ["kept": RecordField(.scalar("yes"))])
    #expect(environment.log.events.contains { event in
      guard case .imageValueDropped = event.kind else { return false }
      return event.record == "Item:1" && event.field == "deep"
    })
    #expect(!environment.log.events.contains { if case .imageLoadFailed = $0.kind { true } else { false } })
    #expect(try directory.names() == ["store.image"])
  }
}
