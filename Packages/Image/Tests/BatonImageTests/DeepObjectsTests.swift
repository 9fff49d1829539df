@_spi(Development) import BatonNormalizer
import BatonStore
import Foundation
import TestPrerequisites
import Testing
@testable import BatonImage

/// Threaded comments 1,000 replies deep: the response normalizes, the records save to the
/// image and load from it, and the thread reads back whole, all on a 512 KB thread stack,
/// the one Apple's cooperative threads have.
@Suite struct DeepObjectsTests {
  static let depth = 1_000

  static func type(_ name: String, _ kind: TypeReference.Kind, _ levels: [Nullability]) -> TypeReference {
    TypeReference(name, kind, levels)
  }

  /// `thread { id body replies { id body replies { ... } } }`, `levels` comments deep, each
  /// keyed by `id`.
  static func operation(levels: Int) -> OperationDescriptor {
    let typename = Selection.field(FieldSelection(name: "__typename", type: type("String", .scalar, [.nonNull])))
    let leaves: [Selection] = [
      typename,
      .field(FieldSelection(name: "id", type: type("ID", .scalar, [.nonNull]))),
      .field(FieldSelection(name: "body", type: type("String", .scalar, [.nonNull]))),
    ]
    var selections = leaves
    for _ in 0..<levels {
      selections = leaves + [
        .field(FieldSelection(
          name: "replies", type: type("Comment", .object, [.nonNull, .nonNull]), selections: selections,
          keyFields: ["Comment": ["id"]]))
      ]
    }
    let thread = FieldSelection(
      name: "thread", type: type("Comment", .object, [.nullable]), selections: selections, keyFields: ["Comment": ["id"]])
    return OperationDescriptor(name: "Thread", selections: [.field(thread)])
  }

  /// The response to `operation(levels:)`: comment `c0`, whose one reply is `c1`, down to a
  /// last comment without replies.
  static func response(levels: Int) -> [UInt8] {
    var text = ""
    for level in 0...levels {
      text += #"{"__typename":"Comment","id":"c\#(level)","body":"reply \#(level)""#
      text += level < levels ? #","replies":["# : #","replies":[]"#
    }
    for level in (0...levels).reversed() {
      text += level < levels ? "]}" : "}"
    }
    return Array(#"{"data":{"thread":\#(text)}}"#.utf8)
  }

  /// How deep the read thread goes, following the first reply down, and the body there.
  static func deepest(_ result: ReadResult) -> (levels: Int, body: DataValue?) {
    guard var comment = result.data?.fields.first?.objectValue else { return (-1, nil) }
    var levels = 0
    while let reply = comment.fields.last?.listValue?.first?.objectValue {
      comment = reply
      levels += 1
    }
    return (levels, comment[2])
  }

  @Test func aThreadAThousandRepliesDeepNormalizesSavesLoadsAndReads() async throws {
    let operation = Self.operation(levels: Self.depth)
    let body = Self.response(levels: Self.depth)
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let (payload, loaded, result) = try await onSmallStack { () throws -> (ResponsePayload, StoreImage?, ReadResult?) in
      let payload = try normalize(response: body, for: operation)
      let file = try FileImage(at: url, debounce: .seconds(60))
      // The image keeps the records an operation saw.
      let seen = Set(payload.records.records.keys)
      try file.save(StoreImage(
        records: payload.records, operations: [OperationImage(operationID: "thread", name: "Thread", seenRecords: seen)]))
      file.flush()
      let loaded = try FileImage(at: url).load()
      return (payload, loaded, loaded.map { read($0.records, operation: operation) })
    }
    #expect(payload.records.count == Self.depth + 2)
    #expect(payload.records[RecordID("Comment:c\(Self.depth)")]?["body"]?.value == .scalar(.string("reply \(Self.depth)")))
    let loadedAll = loaded?.records == payload.records
    #expect(loadedAll)
    let thread = try #require(result)
    #expect(thread.events.isEmpty)
    #expect(thread.seenRecords.count == Self.depth + 2)
    let deepest = Self.deepest(thread)
    #expect(deepest.levels == Self.depth)
    #expect(deepest.body == .scalar(.string("reply \(Self.depth)")))
  }
}
