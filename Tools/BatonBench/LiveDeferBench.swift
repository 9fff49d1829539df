@_spi(Development) import BatonNormalizer
import Foundation

/// The `@defer` half of `baton-bench live`: the GitHub response (410 KB) delivered as an
/// initial payload (each issue's title) and 20 later payloads, each bringing the deferred
/// rest (author, body, comments) of 5 of the 100 issues in the incremental-delivery format;
/// normalized part by part into one store, against normalizing the whole response once.
enum LiveDeferBench {
  static let parts = 20
  static let runs = 21

  /// How many processes each case runs in, alternating, so that both see the same load.
  static let rounds = 5

  static func run() throws {
    var wholes: [CaseResult] = []
    var deferreds: [CaseResult] = []
    for _ in 0..<rounds {
      wholes.append(try BenchChild.run("live.whole"))
      deferreds.append(try BenchChild.run("live.deferred"))
    }
    let whole = median(wholes)
    let deferred = median(deferreds)
    print("")
    print(
      "The GitHub response (410 KB) whole, and as an initial payload and \(parts) deferred parts "
        + "(median of \(runs) runs in each of \(rounds) processes per case, alternating)")
    printTable(
      ["case", "time", "vs whole", "peak memory"],
      [
        ["normalize it whole", String(format: "%.2f ms", whole.seconds * 1000), "1.00x", formatMB(whole.peakBytes)],
        [
          "initial + \(parts) deferred parts", String(format: "%.2f ms", deferred.seconds * 1000),
          String(format: "%.2fx", deferred.seconds / whole.seconds), formatMB(deferred.peakBytes),
        ],
      ])
  }

  private static func median(_ results: [CaseResult]) -> CaseResult {
    let sorted = results.sorted { $0.seconds < $1.seconds }
    return sorted[sorted.count / 2]
  }

  static let childCases: [String: BenchChild.Case] = [
    "live.whole": { _ in
      let bytes = try Fixtures.bytes(NormalizeBench.fixture)
      return try Clock.median(runs: runs) { _ = try normalizeWhole(bytes) }
    },
    "live.deferred": { _ in
      let payloads = try deferredPayloads()
      let whole = try normalize(response: try Fixtures.bytes(NormalizeBench.fixture), for: GitHubIssuesQuery.operation).records
      var last = RecordSource()
      let seconds = try Clock.median(runs: runs) { last = try normalizeDeferred(payloads) }
      // Every record and field the whole response writes, and the deferred parts' states.
      for record in whole.records.values {
        guard let built = last[record.id], record.fields.allSatisfy({ built.fields[$0.key] == $0.value }) else {
          throw BenchError(description: "the parts did not build \(record.id) as the whole response does")
        }
      }
      return seconds
    },
  ]

  // One function per case, never inlined, so that callgrind can count a case's work alone
  // (`--toggle-collect='*LiveDeferBench*normalizeWhole*'`, `...normalizeDeferred*`).

  /// The whole response normalized into an empty store.
  @inline(never)
  static func normalizeWhole(_ bytes: [UInt8]) throws -> RecordSource {
    var store = RecordSource()
    store.merge(try normalize(response: bytes, for: GitHubIssuesQuery.operation).records)
    return store
  }

  /// The parts normalized one by one, each merged into the store before the next.
  @inline(never)
  static func normalizeDeferred(_ payloads: [[UInt8]]) throws -> RecordSource {
    var response = IncrementalResponse(operation: deferredOperation)
    var store = RecordSource()
    for payload in payloads { store.merge(try response.normalize(payload, in: store).records) }
    return store
  }

  /// `repository { issues { nodes { title ... @defer(label: "rest") { author body comments } } } }`.
  static let deferredOperation: OperationDescriptor = {
    let typename = GitHubIssuesQuery.typename
    let rest = InlineFragment(
      on: nil,
      selections: [GitHubIssuesQuery.author, GitHubIssuesQuery.field("body", "String", [.nonNull]), GitHubIssuesQuery.comments],
      deferred: DeferDirective(label: "rest"))
    let issues = Selection.field(FieldSelection(
      name: "issues", arguments: [Argument("last", .literal(100))], type: TypeReference("IssueConnection", .object, [.nonNull]),
      selections: [
        typename,
        .field(FieldSelection(
          name: "nodes", type: TypeReference("Issue", .object, [.nullable, .nullable]),
          selections: [typename, GitHubIssuesQuery.field("title", "String", [.nonNull]), .inlineFragment(rest)])),
      ]))
    return OperationDescriptor(name: "IssuesAndCommentsForRepository", selections: [
      .field(FieldSelection(
        name: "repository", arguments: [Argument("name", .literal("apollo-ios")), Argument("owner", .literal("apollographql"))],
        type: TypeReference("Repository", .object), selections: [typename, GitHubIssuesQuery.field("name", "String", [.nonNull]), issues])),
    ])
  }()

  /// The fixture cut as a server deferring each issue's rest would send it.
  static func deferredPayloads() throws -> [[UInt8]] {
    let json = try JSONReader.parse(try Fixtures.bytes(NormalizeBench.fixture))
    guard case .object(var repository)? = json["data"]?["repository"],
      let issuesIndex = repository.firstIndex(where: { $0.key == "issues" }),
      case .object(var issues) = repository[issuesIndex].value,
      let nodesIndex = issues.firstIndex(where: { $0.key == "nodes" }),
      case .array(let nodes) = issues[nodesIndex].value
    else { throw BenchError(description: "the GitHub fixture has no repository.issues.nodes") }
    var heads: [JSONValue] = []
    var rests: [(id: String, data: JSONValue)] = []
    var pending: [JSONValue] = []
    for (index, node) in nodes.enumerated() {
      guard case .object(let members) = node else { throw BenchError(description: "issue \(index) is not an object") }
      heads.append(.object(members.filter { $0.key == "__typename" || $0.key == "title" }))
      rests.append((String(index), .object(members.filter { ["author", "body", "comments"].contains($0.key) })))
      pending.append([
        "id": .string(String(index)), "label": "rest",
        "path": ["repository", "issues", "nodes", .number(String(index))],
      ])
    }
    issues[nodesIndex].value = .array(heads)
    repository[issuesIndex].value = .object(issues)
    let initial: JSONValue = ["data": ["repository": .object(repository)], "pending": .array(pending), "hasNext": true]
    func bytes(_ value: JSONValue) -> [UInt8] {
      var bytes: [UInt8] = []
      JSONWriter.write(value, into: &bytes)
      return bytes
    }
    var payloads = [bytes(initial)]
    let size = (rests.count + parts - 1) / parts
    for start in stride(from: 0, to: rests.count, by: size) {
      let chunk = rests[start..<min(start + size, rests.count)]
      let payload: JSONValue = [
        "incremental": .array(chunk.map { ["id": .string($0.id), "data": $0.data] }),
        "completed": .array(chunk.map { ["id": .string($0.id)] }),
        "hasNext": .bool(start + size < rests.count),
      ]
      payloads.append(bytes(payload))
    }
    return payloads
  }
}
