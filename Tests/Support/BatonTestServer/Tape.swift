@_spi(Development) import BatonNormalizer
import Foundation

/// What one test exchanged with the loopback server, in order: the control commands it
/// sent with their answers, each `/graphql` (or `/auth/refresh`) request with the bytes of
/// the reply and when each arrived, and the answers to the other `/control/...` reads.
///
/// A tape is a fixture: written by a recording (`BATON_TAPES=record`), checked in, read by
/// the replay. Its file is JSON with one event a line, so a re-recording diffs by event.
struct Tape: Sendable, Equatable {
  var controls: [TapeControl] = []
  var exchanges: [TapeExchange] = []
  var observations: [TapeObservation] = []

  var isEmpty: Bool { controls.isEmpty && exchanges.isEmpty && observations.isEmpty }
}

/// Control commands as one test sent them in one `POST /control`, and the server's answer.
struct TapeControl: Sendable, Equatable {
  var commands: JSONValue
  var status: Int
  var reply: JSONValue
}

/// One request and the reply server.py gave it.
struct TapeExchange: Sendable, Equatable {
  var request: TapeRequest
  var chunks: [TapeChunk]
  /// How the reply ended: the server closed the connection after the last chunk, or the
  /// client left first (a timeout, a cancelled fetch), which a replay waits out.
  var clientLeft: Bool
}

/// What a recorded request is matched on: method, target, the headers that change an
/// answer, and the body (JSON written with sorted keys, so key order and spacing do not).
struct TapeRequest: Sendable, Hashable {
  var method: String
  var target: String
  var accept: String?
  var authorization: String?
  var body: JSONValue?
  var bodyText: String?

  init(method: String, target: String, accept: String?, authorization: String?, body: JSONValue?, bodyText: String?) {
    self.method = method
    self.target = target
    self.accept = accept
    self.authorization = authorization
    self.body = body
    self.bodyText = bodyText
  }

  init(_ request: TapeHTTPRequest) {
    let json = request.json
    self.init(
      method: request.method, target: request.target, accept: request.header("Accept"),
      authorization: request.header("Authorization"), body: json,
      bodyText: json == nil && !request.body.isEmpty ? String(decoding: request.body, as: UTF8.self) : nil)
  }

  /// The text two requests are compared by.
  var key: String {
    [method, target, accept ?? "", authorization ?? "", body.map { JSONWriter.string($0, sortedKeys: true) } ?? bodyText ?? ""]
      .joined(separator: "\n")
  }

  /// One line for a message: the operation and the method.
  var summary: String {
    let name = body?["operationName"]?.stringValue ?? ""
    return "\(method) \(target)\(name.isEmpty ? "" : " \(name)")"
  }
}

/// Bytes of a reply as they arrived, `at` milliseconds after the request went to the
/// server (rounded down to 50 ms, so a re-recording repeats it; delays the tests ask for
/// are whole tenths of seconds).
struct TapeChunk: Sendable, Equatable {
  var at: Int
  var bytes: [UInt8]
}

/// The answer to a `GET /control/...` other than the request counters.
struct TapeObservation: Sendable, Equatable {
  var path: String
  var reply: JSONValue
}
