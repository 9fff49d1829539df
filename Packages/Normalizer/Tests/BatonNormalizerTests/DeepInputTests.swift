@_spi(Development) import BatonNormalizer
import TestPrerequisites
import Testing

/// Response data as deep or as long as the JSON reader lets through never exhausts a
/// 512 KB stack (the one Apple's cooperative threads have): long error paths, the deepest
/// JSON, the deepest selections, errors deep in lists. Every case runs on such a stack.
@Suite struct DeepInputTests {
  /// `matrix: [[Int]]`.
  static let matrix = query("Matrix", [scalar("matrix", "Int", [.nullable, .nullable, .nullable])])

  /// Normalizes and reads on a small stack.
  static func normalizeAndRead(
    _ body: [UInt8], _ operation: OperationDescriptor
  ) async throws -> Result<(payload: ResponsePayload, read: ReadResult), NormalizeError> {
    try await onSmallStack { normalizedAndRead(body, operation) }
  }

  /// Normalizes and reads on the caller's stack.
  static func normalizedAndRead(
    _ body: [UInt8], _ operation: OperationDescriptor
  ) -> Result<(payload: ResponsePayload, read: ReadResult), NormalizeError> {
    Result { () throws(NormalizeError) in
      let payload = try normalize(response: body, for: operation)
      return (payload, read(payload.records, operation: operation))
    }
  }

  /// An error path far longer than the data, keys and indices mixed: the null lands on
  /// `matrix`, with the rest of the path kept relative to it.
  @Test(arguments: [3_000, 100_000])
  func aLongErrorPathLandsBesideItsField(length: Int) async throws {
    let rest: [PathComponent] = (1..<length).map { $0 % 3 == 0 ? .key("k\($0)") : .index($0) }
    let path = rest.map { component -> String in
      switch component {
      case .key(let key): "\"\(key)\""
      case .index(let index): String(index)
      }
    }.joined(separator: ",")
    let body = bytes(#"{"data":{"matrix":null},"errors":[{"message":"deep","path":["matrix",\#(path)]}]}"#)
    let (payload, result) = try await Self.normalizeAndRead(body, Self.matrix).get()
    let error = FieldError(message: "deep", path: rest)
    #expect(payload.records[.root]?["matrix"] == RecordField(.null, errors: [error]))
    #expect(payload.operationErrors.isEmpty)
    #expect(result.events == [ReadEvent(.fieldError([error]), owner: .operation("Matrix"), record: .root, field: "matrix")])
  }

  /// Errors on items of nested lists, below a scalar item, and past a list's end, each
  /// with a long tail: every one lands on the field, its path relative to it.
  @Test func errorsDeepInListsLandOnTheField() async throws {
    let tail = (0..<3_000).map(String.init).joined(separator: ",")
    let errors = [
      #"{"message":"item","path":["matrix",0,1]}"#,
      #"{"message":"below","path":["matrix",1,0,\#(tail)]}"#,
      #"{"message":"past","path":["matrix",5,\#(tail)]}"#,
    ].joined(separator: ",")
    let body = bytes(#"{"data":{"matrix":[[1,null],[2]]},"errors":[\#(errors)]}"#)
    let (payload, result) = try await Self.normalizeAndRead(body, Self.matrix).get()
    let tailPath = (0..<3_000).map { PathComponent.index($0) }
    let item = FieldError(message: "item", path: [.index(0), .index(1)])
    let below = FieldError(message: "below", path: [.index(1), .index(0)] + tailPath)
    let stored = try #require(payload.records[.root]?["matrix"])
    #expect(Set(stored.errors) == [item, below, FieldError(message: "past", path: [.index(5)] + tailPath)])
    #expect(payload.operationErrors.isEmpty)
    let met = result.fieldErrors.flatMap { event -> [FieldError] in
      if case .fieldError(let errors) = event.kind { errors } else { [] }
    }
    #expect(met.contains(item) && met.contains(below))
  }

  /// The deepest JSON the reader allows, as a custom scalar's value: parsed, stored, read,
  /// written, compared and freed on the small stack.
  @Test func theDeepestJSONTheReaderAllowsIsStoredAndRead() async throws {
    let levels = JSONReader.defaultDepthLimit - 2
    var text = "true"
    for level in 0..<levels { text = level % 2 == 0 ? "[\(text)]" : #"{"a":\#(text)}"# }
    let operation = query("Blob", [scalar("blob", "JSON")])
    let body = bytes(#"{"data":{"blob":\#(text)}}"#)
    let written = try await onSmallStack { () -> Bool in
      guard case .success(let outcome) = Self.normalizedAndRead(body, operation),
        case .scalar(let stored)? = outcome.payload.records[.root]?["blob"]?.value,
        outcome.read.data?.fields.first == .scalar(stored), outcome.read.events.isEmpty
      else { return false }
      let reparsed = try? JSONReader.parse(bytes(JSONWriter.string(stored)))
      return reparsed == stored && reparsed?.hashValue == stored.hashValue
    }
    #expect(written)
  }

  @Test func JSONOneLevelTooDeepFailsSayingWhere() async throws {
    let depth = JSONReader.defaultDepthLimit + 1
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let error = try await onSmallStack { () -> JSONReaderError? in
      do throws(JSONReaderError) {
        _ = try JSONReader.parse(bytes(text))
        return nil
      } catch {
        return error
      }
    }
    #expect(error?.kind == .depthLimitExceeded(JSONReader.defaultDepthLimit))
    #expect(error?.path == Array(repeating: PathComponent.index(0), count: JSONReader.defaultDepthLimit))
  }

  /// `child { child { ... { name } } }` as deep as `NestingLimit` allows, `levels` objects.
  static func chain(_ levels: Int, throughLists: Bool) -> (operation: OperationDescriptor, body: [UInt8]) {
    var selections = [scalar("name", "String", [.nonNull])]
    var text = #"{"__typename":"Node","name":"leaf"}"#
    for _ in 0..<levels {
      selections = throughLists
        ? [object("children", "Node", [.nonNull, .nonNull], selections)]
        : [object("child", "Node", [.nonNull], selections)]
      text = throughLists ? #"[\#(text)]"# : text
      text = #"{"__typename":"Node","\#(throughLists ? "children" : "child")":\#(text)}"#
    }
    // The root record has no `__typename`: the outermost object's members are `data`'s.
    text = String(text.dropFirst(#"{"__typename":"Node","#.count))
    return (query("Deep", selections), bytes(#"{"data":{\#(text)}"#))
  }

  /// The deepest selections the limit allows, straight and through lists: normalized and
  /// read back whole.
  @Test(arguments: [false, true])
  func theDeepestSelectionsNormalizeAndRead(throughLists: Bool) async throws {
    let levels = NestingLimit.objects
    let (operation, body) = Self.chain(levels, throughLists: throughLists)
    let (payload, result) = try await Self.normalizeAndRead(body, operation).get()
    #expect(payload.records.count == levels + 1)
    #expect(result.events.isEmpty)
    var value = DataValue.object(try #require(result.data))
    for _ in 0..<levels {
      let object = try #require(value.objectValue)
      value = throughLists ? try #require(object.fields.last?.listValue?.first) : try #require(object.fields.last)
    }
    #expect(value.objectValue?.fields.last == .scalar("leaf"))
  }

  @Test func aResponseNestedPastTheLimitFailsSayingWhere() async throws {
    let (operation, body) = Self.chain(NestingLimit.objects + 1, throughLists: false)
    let outcome = try await Self.normalizeAndRead(body, operation)
    guard case .failure(let error) = outcome else {
      Issue.record("a response nested past the limit normalized")
      return
    }
    #expect(error.kind == .nestedTooDeeply(limit: NestingLimit.objects))
    #expect(error.path == [.key("data")] + Array(repeating: .key("child"), count: NestingLimit.objects + 1))
    #expect(error.description.contains("objects nest deeper than \(NestingLimit.objects) levels"))
  }

  /// A million objects deep, far past anything the normalizer takes: the reader refuses it
  /// at the response's limit, saying where, on a small stack.
  @Test func aResponseAMillionObjectsDeepFailsSayingWhere() async throws {
    let levels = 1_000_000
    let (operation, _) = Self.chain(1, throughLists: false)
    let text = String(repeating: #"{"child":"#, count: levels) + "null" + String(repeating: "}", count: levels)
    let body = bytes(#"{"data":\#(text)}"#)
    let outcome = try await Self.normalizeAndRead(body, operation)
    guard case .failure(let error) = outcome, case .invalidJSON(let cause) = error.kind else {
      Issue.record("a response a million objects deep did not fail as invalid JSON")
      return
    }
    #expect(cause.kind == .depthLimitExceeded(NestingLimit.responseJSON))
    #expect(error.path.count == NestingLimit.responseJSON)
    #expect(error.description.contains("values are nested deeper than \(NestingLimit.responseJSON) levels"))
  }

  /// A response as deep as the reader takes, then a stray byte: it fails as invalid JSON,
  /// and what was read is freed without overflowing the small stack.
  @Test func aDeepResponseWithTrailingBytesFailsOnASmallStack() async throws {
    let levels = NestingLimit.responseJSON / 2 - 2
    let text = String(repeating: #"{"a":["#, count: levels) + "1" + String(repeating: "]}", count: levels)
    let outcome = try await Self.normalizeAndRead(bytes(#"{"data":{"blob":\#(text)}} x"#), query("Blob", [scalar("blob", "JSON")]))
    guard case .failure(let error) = outcome, case .invalidJSON(let cause) = error.kind else {
      Issue.record("a response with trailing bytes did not fail as invalid JSON")
      return
    }
    #expect(cause.kind == .trailingCharacters)
  }

  /// A custom scalar's value nests no deeper than other values the store keeps, however
  /// deep the response may nest: one level deeper fails, saying where.
  @Test func aScalarNestedDeeperThanTheStoreKeepsFailsSayingWhere() async throws {
    var text = "true"
    for _ in 0...JSONReader.defaultDepthLimit { text = "[\(text)]" }
    let outcome = try await Self.normalizeAndRead(bytes(#"{"data":{"blob":\#(text)}}"#), query("Blob", [scalar("blob", "JSON")]))
    guard case .failure(let error) = outcome else {
      Issue.record("a scalar nested too deep was stored")
      return
    }
    #expect(error.kind == .valueNestedTooDeeply(limit: JSONReader.defaultDepthLimit))
    #expect(error.path == [.key("data"), .key("blob")])
  }

  /// Records that link in a cycle let a read go deeper than any response: it stops at the
  /// limit with an `unexpected` event, and no deeper selection (however deep) traps.
  @Test func aReadThroughACycleStopsAtTheLimit() async throws {
    let (operation, _) = Self.chain(NestingLimit.objects + 10, throughLists: false)
    let node = RecordID("Node:1")
    let source = RecordSource([
      StoreRecord(id: .root, fields: ["child": RecordField(.link(node))]),
      StoreRecord(id: node, typename: "Node", fields: ["child": RecordField(.link(node)), "name": RecordField(.scalar("n"))]),
    ])
    let result = try await onSmallStack { read(source, operation: operation) }
    #expect(result.events == [ReadEvent(
      .unexpected(expected: "objects nested at most \(NestingLimit.objects) levels deep", found: "a deeper one"),
      owner: .operation("Deep"), record: node, field: "child")])
    var value = DataValue.object(try #require(result.data))
    for _ in 0..<NestingLimit.objects { value = try #require(value.objectValue?.fields.last) }
    #expect(value.objectValue?.fields.last == .null)
  }

  /// A zero value for selections nested without end stops at its own limit.
  @Test func theZeroValueOfEndlessSelectionsStopsAtTheLimit() async throws {
    let (operation, _) = Self.chain(500, throughLists: false)
    let result = try await onSmallStack { read(RecordSource([StoreRecord(id: .root)]), operation: operation) }
    #expect(result.events.count == 1)
    var value = try #require(result.data?.fields.last)
    for _ in 0..<NestingLimit.zeroValues { value = try #require(value.objectValue?.fields.last) }
    #expect(value == .null)
  }
}
