@_spi(Development) import BatonNormalizer
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The server a taped test talks to: an HTTP server on loopback, one thread per
/// connection. Recording, it forwards each request to server.py and writes down the reply's
/// bytes as they come; replaying, it answers each request with the recorded bytes at the
/// recorded times, or drops the connection where server.py did. Either way the request
/// counters are its own (`TapeRequestLog`), so the client's real traffic is what tests count.
///
/// It lives for one test: `SharedServer.fresh()` makes one for the test's `TapeScope`.
final class TapeServer: Sendable {
  /// The address and port it listens on.
  let host: String
  let port: Int
  private let listener: Int32
  /// Whether `stop()` ran: once the accept thread has closed the listener its number may
  /// be another socket's, which a second shutdown would end.
  private let stopped = Mutex(false)
  private let scope: TapeScope
  /// server.py's port when recording; `nil` when replaying.
  private let upstream: Int?

  init(scope: TapeScope, upstream: Int?) throws {
    (listener, host, port) = try TapeSocket.listen()
    self.scope = scope
    self.upstream = upstream
    let listener = listener
    defer { scope.keep(self) }
    Thread { [weak self] in
      // This thread alone closes the listener, once `stop()` has woken it: closed
      // elsewhere, the descriptor's number could be another socket's by its next accept.
      defer { close(listener) }
      while let client = TapeSocket.accept(listener) {
        guard let self, !self.stopped.withLock({ $0 }) else {
          TapeSocket.shutAndClose(client)
          return
        }
        Thread { self.serve(client) }.start()
      }
    }.start()
  }

  deinit { stop() }

  /// Stops listening; connections open finish on their own threads.
  func stop() {
    guard !stopped.withLock({ stopped in
      defer { stopped = true }
      return stopped
    }) else { return }
    shutdown(listener, Int32(SHUT_RDWR))
    // Linux wakes the accept thread at the shutdown; macOS does not, so a connection
    // wakes it, and it sees `stopped`. (Refused where the shutdown already ended it.)
    if let waking = try? TapeSocket.connect(host: host, port: port) { TapeSocket.shutAndClose(waking) }
  }

  private func serve(_ client: Int32) {
    guard let request = TapeHTTPRequest.read(from: client) else {
      TapeSocket.shutAndClose(client)
      return
    }
    switch (request.method, request.path) {
    case ("POST", "/control"): control(request, client)
    case ("GET", "/control/requests"): counters(client)
    case ("GET", let path) where path.hasPrefix("/control/"): observe(path, request, client)
    default: if upstream == nil { replay(request, client) } else { record(request, client) }
    }
  }

  // MARK: Control

  private func control(_ request: TapeHTTPRequest, _ client: Int32) {
    let commands = request.json ?? .null
    let resets: Bool
    if case .array(let list) = commands {
      resets = list.contains { $0["command"]?.stringValue == "reset" }
    } else {
      resets = commands["command"]?.stringValue == "reset"
    }
    if resets { scope.resetCounters() }
    if let upstream {
      let reply = Self.forward(request.raw, to: upstream)
      TapeSocket.send(client, reply)
      let (status, body) = Self.statusAndBody(reply)
      scope.record(TapeControl(commands: commands, status: status, reply: body))
    } else if let control = scope.replayControl(commands) {
      Self.respond(client, status: control.status, json: control.reply)
    } else {
      Self.respond(client, status: 200, json: ["ok": true])
    }
    TapeSocket.shutAndClose(client)
  }

  private func counters(_ client: Int32) {
    var log = scope.log
    if let upstream {
      let (_, theirs) = Self.statusAndBody(Self.forward(Self.get("/control/requests"), to: upstream))
      log = scope.log
      if !log.covers(theirs) {
        scope.problem(
          "the tape server counted \(JSONWriter.string(log.json["byOperationName"] ?? .null)) where server.py counted "
            + "\(JSONWriter.string(theirs["byOperationName"] ?? .null)); TapeRequestLog no longer counts as server.py does")
      }
    }
    Self.respond(client, status: 200, json: log.json)
    TapeSocket.shutAndClose(client)
  }

  /// Another `/control/...` read (`network`, `sockets`): server.py's state, which a replay
  /// takes from the tape, except `network`'s two counters of what the client sent.
  private func observe(_ path: String, _ request: TapeHTTPRequest, _ client: Int32) {
    let log = scope.log
    var reply: JSONValue
    if let upstream {
      reply = Self.statusAndBody(Self.forward(request.raw, to: upstream)).body
      scope.record(TapeObservation(path: path, reply: reply))
      if path == "/control/network",
        reply["refreshes"]?.intValue != log.refreshes || reply["persistedMisses"]?.intValue != log.persistedMisses
      {
        scope.problem(
          "the tape server counted \(log.refreshes) refreshes and \(log.persistedMisses) persisted misses where "
            + "server.py counted \(JSONWriter.string(reply)); TapeRequestLog no longer counts as server.py does")
      }
    } else {
      reply = scope.replayObservation(path: path) ?? .object([])
    }
    if path == "/control/network", case .object(var members) = reply {
      members.removeAll { $0.key == "refreshes" || $0.key == "persistedMisses" }
      members.append(JSONMember("refreshes", .number(String(log.refreshes))))
      members.append(JSONMember("persistedMisses", .number(String(log.persistedMisses))))
      reply = .object(members)
    }
    Self.respond(client, status: 200, json: reply)
    TapeSocket.shutAndClose(client)
  }
}

extension TapeServer {
  /// How long a replay holds a connection whose client left first when recording (a
  /// timeout or a cancellation the test waits for) before giving up on it.
  private static let longestHold = 120_000

  // MARK: Recording

  private func record(_ request: TapeHTTPRequest, _ client: Int32) {
    scope.note(request)
    guard let upstream, let server = try? TapeSocket.connect(port: upstream) else {
      scope.problem("server.py refused a connection while recording \(TapeRequest(request).summary)")
      TapeSocket.shutAndClose(client)
      return
    }
    TapeSocket.send(server, request.raw)
    let start = ContinuousClock.now
    let index = scope.recordStart(of: TapeRequest(request))
    var reply: [UInt8] = []
    var clientLeft = false
    while true {
      let ready = TapeSocket.readable([client, server], milliseconds: -1)
      if ready[1] {
        let bytes = TapeSocket.receive(server)
        if bytes.isEmpty { break }
        TapeSocket.send(client, bytes)
        scope.record(bytes, at: Self.milliseconds(since: start), in: index)
        reply += bytes
      } else if ready[0], TapeSocket.receive(client).isEmpty {
        // A client that read a whole reply may close before server.py's end of stream
        // reaches here: only one that left a reply unfinished left early.
        clientLeft = !Self.finishes(server, reply: &reply, at: start, in: index, of: scope)
        break
      }
    }
    TapeSocket.shutAndClose(server)
    scope.recordEnd(in: index, clientLeft: clientLeft)
    scope.noteReply(reply)
    TapeSocket.shutAndClose(client)
  }

  /// Whether server.py ends the reply within a moment: its stream closes (what is left is
  /// recorded) or it has sent all of its `Content-Length`.
  private static func finishes(
    _ server: Int32, reply: inout [UInt8], at start: ContinuousClock.Instant, in index: Int, of scope: TapeScope
  ) -> Bool {
    let text = String(decoding: reply, as: UTF8.self)
    if let blank = text.range(of: "\r\n\r\n"),
      let length = text[..<blank.lowerBound].components(separatedBy: "\r\n")
        .first(where: { $0.lowercased().hasPrefix("content-length:") })
        .flatMap({ Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }),
      reply.count >= text[..<blank.upperBound].utf8.count + length
    {
      return true
    }
    while TapeSocket.readable([server], milliseconds: 200)[0] {
      let bytes = TapeSocket.receive(server)
      if bytes.isEmpty { return true }
      scope.record(bytes, at: milliseconds(since: start), in: index)
      reply += bytes
    }
    return false
  }

  // MARK: Replaying

  private func replay(_ request: TapeHTTPRequest, _ client: Int32) {
    scope.note(request)
    guard let exchange = scope.replayExchange(for: TapeRequest(request)) else {
      Self.respond(client, status: 500, json: ["errors": [["message": "the tape has no reply for this request"]]])
      TapeSocket.shutAndClose(client)
      return
    }
    let start = ContinuousClock.now
    for chunk in exchange.chunks {
      if Self.clientLeaves(client, within: chunk.at - Self.milliseconds(since: start)) {
        TapeSocket.shutAndClose(client)
        return
      }
      TapeSocket.send(client, chunk.bytes)
    }
    scope.noteReply(exchange.chunks.flatMap(\.bytes))
    if exchange.clientLeft { _ = Self.clientLeaves(client, within: Self.longestHold) }
    TapeSocket.shutAndClose(client)
  }

  /// Waits up to `milliseconds` and says whether the client closed its end meanwhile.
  private static func clientLeaves(_ client: Int32, within milliseconds: Int) -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(max(0, milliseconds))
    while true {
      let left = Self.milliseconds(until: deadline)
      guard left > 0 else { return false }
      if TapeSocket.readable([client], milliseconds: left)[0], TapeSocket.receive(client).isEmpty { return true }
    }
  }

  // MARK: HTTP

  private static func milliseconds(since start: ContinuousClock.Instant) -> Int {
    let elapsed = ContinuousClock.now - start
    return Int(elapsed.components.seconds) * 1000 + Int(elapsed.components.attoseconds / 1_000_000_000_000_000)
  }

  private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int {
    let left = deadline - ContinuousClock.now
    return Int(left.components.seconds) * 1000 + Int(left.components.attoseconds / 1_000_000_000_000_000)
  }

  /// The whole reply server.py gives `raw`, read to the end of the connection.
  private static func forward(_ raw: [UInt8], to port: Int) -> [UInt8] {
    guard let server = try? TapeSocket.connect(port: port) else { return [] }
    defer { TapeSocket.shutAndClose(server) }
    TapeSocket.send(server, raw)
    var reply: [UInt8] = []
    while case let bytes = TapeSocket.receive(server), !bytes.isEmpty { reply += bytes }
    return reply
  }

  private static func get(_ path: String) -> [UInt8] {
    Array("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)
  }

  private static func respond(_ client: Int32, status: Int, json: JSONValue) {
    let body = Array(JSONWriter.string(json).utf8)
    let head = "HTTP/1.0 \(status) \(status == 200 ? "OK" : "Error")\r\nContent-Type: application/json\r\n"
      + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    TapeSocket.send(client, Array(head.utf8) + body)
  }

  /// A reply's status and its body as JSON (`null` when it is none).
  private static func statusAndBody(_ reply: [UInt8]) -> (status: Int, body: JSONValue) {
    let text = String(decoding: reply, as: UTF8.self)
    let status = text.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
    guard let blank = text.range(of: "\r\n\r\n") else { return (status, .null) }
    return (status, (try? JSONReader.parse(Array(text[blank.upperBound...].utf8))) ?? .null)
  }
}
