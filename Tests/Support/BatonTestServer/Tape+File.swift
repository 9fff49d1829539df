@_spi(Development) import BatonNormalizer
import Foundation

extension Tape {
  /// Runs of one byte at least this long are written as `{"repeat", "count"}`: an
  /// oversized reply's padding stays a line, not megabytes.
  private static let shortestRun = 256

  /// The tape in `file`, or `nil` when there is none.
  static func read(_ file: URL) throws -> Tape? {
    guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
    let json = try JSONReader.parse(Array(data))
    var tape = Tape()
    for control in json["controls"]?.arrayValue ?? [] {
      tape.controls.append(
        TapeControl(
          commands: control["commands"] ?? .null, status: control["status"]?.intValue ?? 200,
          reply: control["reply"] ?? .null))
    }
    for exchange in json["exchanges"]?.arrayValue ?? [] {
      let request = exchange["request"] ?? .null
      tape.exchanges.append(
        TapeExchange(
          request: TapeRequest(
            method: request["method"]?.stringValue ?? "POST", target: request["target"]?.stringValue ?? "/graphql",
            accept: request["accept"]?.stringValue, authorization: request["authorization"]?.stringValue,
            body: request["body"], bodyText: request["bodyText"]?.stringValue),
          chunks: try (exchange["chunks"]?.arrayValue ?? []).map(chunk),
          clientLeft: exchange["clientLeft"] == .bool(true)))
    }
    for observation in json["observations"]?.arrayValue ?? [] {
      tape.observations.append(
        TapeObservation(path: observation["path"]?.stringValue ?? "", reply: observation["reply"] ?? .null))
    }
    return tape
  }

  /// Writes the tape to `file`, one event a line, keys sorted.
  func write(to file: URL) throws {
    // One event a line, its members in a fixed order (the request before its reply), the
    // values inside with sorted keys.
    func line(_ value: JSONValue) -> String {
      guard case .object(let members) = value else { return "    " + JSONWriter.string(value, sortedKeys: true) }
      let fields = members.map { "\"\($0.key)\": " + JSONWriter.string($0.value, sortedKeys: true) }
      return "    {" + fields.joined(separator: ", ") + "}"
    }
    func section(_ name: String, _ values: [JSONValue]) -> String {
      values.isEmpty
        ? "  \"\(name)\": []" : "  \"\(name)\": [\n" + values.map(line).joined(separator: ",\n") + "\n  ]"
    }
    let controls = controls.map { control -> JSONValue in
      ["commands": control.commands, "status": .number(String(control.status)), "reply": control.reply]
    }
    let exchanges = exchanges.map { exchange -> JSONValue in
      let request = exchange.request
      var fields: [JSONMember] = [
        JSONMember("method", .string(request.method)), JSONMember("target", .string(request.target)),
      ]
      if let accept = request.accept { fields.append(JSONMember("accept", .string(accept))) }
      if let authorization = request.authorization { fields.append(JSONMember("authorization", .string(authorization))) }
      if let body = request.body { fields.append(JSONMember("body", body)) }
      if let text = request.bodyText { fields.append(JSONMember("bodyText", .string(text))) }
      var exchangeFields: [JSONMember] = [
        JSONMember("request", .object(fields)), JSONMember("chunks", .array(exchange.chunks.map(Self.json))),
      ]
      if exchange.clientLeft { exchangeFields.append(JSONMember("clientLeft", true)) }
      return .object(exchangeFields)
    }
    let observations = observations.map { observation -> JSONValue in
      ["path": .string(observation.path), "reply": observation.reply]
    }
    let text = "{\n" + [section("controls", controls), section("exchanges", exchanges), section("observations", observations)]
      .joined(separator: ",\n") + "\n}\n"
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  /// A chunk as JSON: its time and its bytes as pieces of text, long runs of one byte as
  /// `{"repeat": c, "count": n}`; bytes that are no UTF-8 as `{"base64": ...}`.
  private static func json(_ chunk: TapeChunk) -> JSONValue {
    var pieces: [JSONValue] = []
    guard String(bytes: chunk.bytes, encoding: .utf8) != nil else {
      return ["at": .number(String(chunk.at)), "pieces": [["base64": .string(Data(chunk.bytes).base64EncodedString())]]]
    }
    var start = 0
    var index = 0
    let bytes = chunk.bytes
    while index < bytes.count {
      var end = index
      while end < bytes.count && bytes[end] == bytes[index] { end += 1 }
      if end - index >= shortestRun && bytes[index] < 0x80 {
        if start < index { pieces.append(.string(String(decoding: bytes[start..<index], as: UTF8.self))) }
        pieces.append(
          ["repeat": .string(String(decoding: [bytes[index]], as: UTF8.self)), "count": .number(String(end - index))])
        start = end
      }
      index = end
    }
    if start < bytes.count { pieces.append(.string(String(decoding: bytes[start...], as: UTF8.self))) }
    return ["at": .number(String(chunk.at)), "pieces": .array(pieces)]
  }

  private static func chunk(_ json: JSONValue) throws -> TapeChunk {
    var bytes: [UInt8] = []
    for piece in json["pieces"]?.arrayValue ?? [] {
      if let text = piece.stringValue {
        bytes.append(contentsOf: Array(text.utf8))
      } else if let encoded = piece["base64"]?.stringValue, let data = Data(base64Encoded: encoded) {
        bytes.append(contentsOf: Array(data))
      } else if let byte = piece["repeat"]?.stringValue?.utf8.first, let count = piece["count"]?.intValue, count >= 0 {
        bytes.append(contentsOf: repeatElement(byte, count: count))
      } else {
        throw TestServerError("a tape's chunk has a piece that is no text, base64 or repeat: \(JSONWriter.string(piece))")
      }
    }
    return TapeChunk(at: json["at"]?.intValue ?? 0, bytes: bytes)
  }
}

extension JSONValue {
  fileprivate var arrayValue: [JSONValue]? {
    guard case .array(let values) = self else { return nil }
    return values
  }
}
