@_spi(Development) import BatonNormalizer
import Foundation

/// One HTTP request as the tape server read it off a connection: the request line, the
/// headers as sent, the body and the raw bytes (which a recording forwards unchanged).
struct TapeHTTPRequest: Sendable {
  var method: String
  /// The request target: the path and any query string.
  var target: String
  var headers: [(name: String, value: String)]
  var body: [UInt8]
  var raw: [UInt8]

  /// The path without its query string.
  var path: String { String(target.prefix { $0 != "?" }) }

  /// The first header named `name`, compared without case.
  func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// The body as JSON, or `nil` when it is empty or no JSON.
  var json: JSONValue? { body.isEmpty ? nil : try? JSONReader.parse(body) }

  /// Reads one request from `descriptor`: the head up to its blank line, then
  /// `Content-Length` bytes of body. `nil` when the peer closes first or sends no HTTP.
  static func read(from descriptor: Int32) -> TapeHTTPRequest? {
    guard let (head, bodyStart) = readHead(from: descriptor) else { return nil }
    var request = head
    let length = request.header("Content-Length").flatMap { Int($0) } ?? 0
    while request.raw.count < bodyStart + length {
      let bytes = TapeSocket.receive(descriptor)
      if bytes.isEmpty { return nil }
      request.raw.append(contentsOf: bytes)
    }
    request.body = Array(request.raw[bodyStart..<min(request.raw.count, bodyStart + length)])
    return request
  }

  /// Reads a request's head from `descriptor`, up to its blank line: the request without
  /// its body (`raw` holds every byte received, which may run into the body) and where the
  /// body starts in `raw`. `nil` when the peer closes first, sends no HTTP or a head over
  /// a megabyte.
  static func readHead(from descriptor: Int32) -> (request: TapeHTTPRequest, bodyStart: Int)? {
    var raw: [UInt8] = []
    var headEnd: Int?
    while headEnd == nil {
      let bytes = TapeSocket.receive(descriptor)
      if bytes.isEmpty { return nil }
      raw.append(contentsOf: bytes)
      headEnd = blankLine(in: raw)
      if raw.count > 1024 * 1024 && headEnd == nil { return nil }
    }
    guard let headEnd, var request = TapeHTTPRequest(head: raw[..<headEnd]) else { return nil }
    request.raw = raw
    return (request, headEnd + 4)
  }

  /// Where the blank line that ends an HTTP head starts in `bytes`, if it has arrived.
  static func blankLine(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 0...(bytes.count - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
      return index
    }
    return nil
  }
}

extension TapeHTTPRequest {
  /// The request whose head (up to its blank line) is `head`, with no body yet; `nil` when
  /// it is no HTTP.
  init?(head: ArraySlice<UInt8>) {
    var lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
    let requestLine = lines.removeFirst().split(separator: " ")
    guard requestLine.count >= 2 else { return nil }
    let headers = lines.compactMap { line -> (name: String, value: String)? in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
    self.init(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: [], raw: Array(head))
  }

  /// The operation a `/graphql` request names, as server.py counts it: its
  /// `operationName`, else the name of its document's only operation, else `""`.
  var operationName: String {
    let parameters: (name: String?, query: String?)
    if method == "GET" {
      let items = Self.queryItems(of: target)
      parameters = (items["operationName"], items["query"])
    } else {
      parameters = (json?["operationName"]?.stringValue, json?["query"]?.stringValue)
    }
    if let name = parameters.name, !name.isEmpty { return name }
    return parameters.query.flatMap(Self.onlyOperationName) ?? ""
  }

  /// The name of the document's only operation: the word after each top-level `query`,
  /// `mutation` or `subscription` keyword (outside braces). Enough for the documents the
  /// tests send, which server.py parses in full when recording.
  private static func onlyOperationName(_ query: String) -> String? {
    var topLevelWords: [String] = []
    var word = ""
    var depth = 0
    for character in query + " " {
      if depth == 0 && (character.isLetter || character.isNumber || character == "_") {
        word.append(character)
        continue
      }
      if !word.isEmpty { topLevelWords.append(word) }
      word = ""
      if character == "{" { depth += 1 } else if character == "}" { depth = max(0, depth - 1) }
    }
    var names: [String?] = []
    for (index, word) in topLevelWords.enumerated() where ["query", "mutation", "subscription"].contains(word) {
      let next = index + 1 < topLevelWords.count ? topLevelWords[index + 1] : nil
      names.append(next.flatMap { ["query", "mutation", "subscription", "fragment"].contains($0) ? nil : $0 })
    }
    return names.count == 1 ? names[0] : nil
  }

  private static func queryItems(of target: String) -> [String: String] {
    guard let query = target.split(separator: "?", maxSplits: 1).dropFirst().first else { return [:] }
    var items: [String: String] = [:]
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1).map {
        String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
      }
      if let name = parts.first { items[name] = parts.count > 1 ? parts[1] : "" }
    }
    return items
  }
}
