import BatonImage
@_spi(Development) import BatonNormalizer
import BatonStore
import BatonTransport
import Foundation

/// The byte budget: 10,000 fetches of new records (each page 50 items nobody fetched
/// before, about 14 KB as JSON) into an environment whose `FileImage` has a 50 MB budget,
/// every 100th handle held. Every 1,000 fetches it prints the files' size (the image and
/// its change log), the store's estimated bytes, the records evicted so far and the
/// process's peak memory; at the end it checks that every held operation still reads its
/// page.
enum StoreBudgetBench {
  static let fetches = 10_000
  static let maximumBytes = 50_000_000
  static let itemsPerPage = 50

  static func run() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-bench-budget-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("image")
    let image = try FileImage(at: url, maximumBytes: maximumBytes)
    let environment = GraphQLEnvironment(
      transport: BudgetPageTransport(itemsPerPage: itemsPerPage), persistence: image, releaseBufferSize: fetches)
    var held: [Int: OperationHandle<BudgetPageOperation>] = [:]
    var rows: [[String]] = []
    var largest = (file: 0, store: 0)
    let start = Clock.now()
    for page in 1...fetches {
      let handle = environment.watch(BudgetPageOperation(page: page))
      try StoreBench.blocking {
        for await snapshot in handle.snapshots where snapshot.phase.data != nil && !snapshot.fetch.isInFlight { break }
      }
      guard handle.phase.data != nil else { throw BenchError(description: "page \(page) did not load: \(handle.fetch)") }
      if page % 100 == 0 { held[page] = handle }
      guard page % 1_000 == 0 else { continue }
      environment.flush()
      let file = [url, image.logURL].reduce(0) { bytes, file in
        bytes + ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0)
      }
      let budget = environment.budget
      largest = (max(largest.file, file), max(largest.store, budget.bytes))
      rows.append([
        "\(page)", formatMB(file), formatMB(budget.bytes), "\(environment.records.count)", "\(budget.evictedRecords)",
        formatMB(peakResidentBytes()), String(format: "%.1f s", Clock.now() - start),
      ])
    }
    print("\(fetches) fetches of \(itemsPerPage) new items each, budget \(formatMB(maximumBytes)), every 100th handle held")
    printTable(["fetches", "file", "store (estimate)", "records", "evicted", "peak memory", "time"], rows)
    let records = environment.records
    let unreadable = held.filter { page, handle in
      handle.phase.data == nil || (1...itemsPerPage).contains { records[RecordID("Item:\(page)-\($0)")] == nil }
    }
    print("held operations still readable: \(held.count - unreadable.count) of \(held.count)")
    print("largest file \(formatMB(largest.file)), largest store estimate \(formatMB(largest.store)), budget \(formatMB(maximumBytes))")
    guard unreadable.isEmpty, largest.file <= maximumBytes, largest.store <= maximumBytes else {
      throw BenchError(description: "the budget did not hold")
    }
  }
}

/// `query BudgetPage($page: Int!) { items(page: $page) { id title body } }`, written by hand.
struct BudgetPageOperation: GraphQLOperation {
  typealias Data = DataObject

  static let document = "query BudgetPage($page: Int!) { items(page: $page) { id title body } }"
  static let operationID = "BudgetPage"
  static var operation: OperationDescriptor {
    let typename = Selection.field(FieldSelection(name: "__typename", type: TypeReference("String", .scalar, [.nonNull])))
    let item = [
      typename,
      Selection.field(FieldSelection(name: "id", type: TypeReference("ID", .scalar, [.nonNull]))),
      Selection.field(FieldSelection(name: "title", type: TypeReference("String", .scalar, [.nonNull]))),
      Selection.field(FieldSelection(name: "body", type: TypeReference("String", .scalar, [.nonNull]))),
    ]
    return OperationDescriptor(name: "BudgetPage", selections: [
      .field(FieldSelection(
        name: "items", arguments: [Argument("page", .variable("page"))],
        type: TypeReference("Item", .object, [.nonNull, .nonNull]), selections: item, keyFields: ["Item": ["id"]]))
    ])
  }

  let page: Int
  var variables: [String: JSONValue] { ["page": .number(String(page))] }

  static func makeData(_ root: DataObject, in source: RecordSource) throws -> DataObject { root }
}

/// Answers `BudgetPage` with its page of items, ids `Item:<page>-<n>`, nobody's but its own.
struct BudgetPageTransport: Transport {
  let itemsPerPage: Int

  func send(_ request: GraphQLRequest, in context: TransportContext) -> TransportReplies {
    let page: String = if case .number(let text)? = request.variables["page"] { text } else { "0" }
    let items = (1...itemsPerPage).map { item -> JSONValue in
      [
        "__typename": "Item", "id": .string("\(page)-\(item)"), "title": .string("Item \(item) of page \(page)"),
        "body": .string("The body of item \(item) of page \(page): " + String(repeating: "words of a message ", count: 12)),
      ]
    }
    var written: [UInt8] = []
    JSONWriter.write(["data": ["items": .array(items)]], into: &written)
    let body = written
    return .payload { TransportPayload(body) }
  }
}
