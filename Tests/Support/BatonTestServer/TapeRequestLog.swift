import BatonNormalizer

/// The counters of `GET /control/requests` (`total`, `byOperationName`, `recent`), kept
/// from the requests the tape server really received, as server.py keeps them: a replay
/// never reads them off the tape, so a client that sends one request more or less fails
/// its test's count as it would against the live server.
struct TapeRequestLog: Sendable {
  private static let recentLimit = 100
  private static let loggedBodyCharacters = 4096

  private var total = 0
  private var byOperationName: [(name: String, count: Int)] = []
  private var recent: [JSONValue] = []
  /// `/auth/refresh` requests, and replies that said `PERSISTED_QUERY_NOT_FOUND`:
  /// `/control/network`'s `refreshes` and `persistedMisses`.
  private(set) var refreshes = 0
  private(set) var persistedMisses = 0

  /// Counts a `/graphql` request, or an `/auth/refresh`.
  mutating func note(_ request: TapeHTTPRequest) {
    guard request.path == "/graphql" else {
      if request.path == "/auth/refresh" { refreshes += 1 }
      return
    }
    total += 1
    let name = request.operationName
    if let index = byOperationName.firstIndex(where: { $0.name == name }) {
      byOperationName[index].count += 1
    } else {
      byOperationName.append((name, 1))
    }
    let headers = JSONValue.object(request.headers.map { JSONMember($0.name, .string($0.value)) })
    let text = String(decoding: request.body, as: UTF8.self)
    let body: JSONValue = request.body.isEmpty ? .null : request.json ?? .string(String(text.prefix(Self.loggedBodyCharacters)))
    recent.append(
      ["method": .string(request.method), "path": .string(request.target), "headers": headers, "body": body])
    if recent.count > Self.recentLimit { recent.removeFirst() }
  }

  /// Counts a reply served, for `persistedMisses`.
  mutating func noteReply(_ bytes: [UInt8]) {
    if String(decoding: bytes, as: UTF8.self).contains("PERSISTED_QUERY_NOT_FOUND") { persistedMisses += 1 }
  }

  /// The counters as `/control/requests` answers them.
  var json: JSONValue {
    [
      "total": .number(String(total)),
      "byOperationName": .object(byOperationName.map { JSONMember($0.name, .number(String($0.count))) }),
      "recent": .array(recent),
    ]
  }

  /// Whether these counters, read after server.py gave `other`, cover it: at least as
  /// many requests in total and of each operation. (A request is counted here before it is
  /// passed on, so these may be ahead, never behind; a request missed or named otherwise
  /// than server.py names it shows as behind.)
  func covers(_ other: JSONValue) -> Bool {
    guard (other["total"]?.intValue ?? 0) <= total, case .object(let members)? = other["byOperationName"] else {
      return false
    }
    let ours = Dictionary(byOperationName.map { ($0.name, $0.count) }, uniquingKeysWith: { first, _ in first })
    return members.allSatisfy { ($0.value.intValue ?? 0) <= ours[$0.key, default: 0] }
  }
}
