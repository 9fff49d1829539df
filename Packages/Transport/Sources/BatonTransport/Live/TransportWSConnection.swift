@_spi(Development) import BatonNormalizer
import Foundation

/// The socket and subscriptions of one `GraphQLWebSocketTransport`; see it for the protocol.
///
/// An actor: subscribing, completing and the connection loop interleave at its awaits, and
/// each sees the subscriptions as they are. The loop runs while any subscription does: when
/// the last ends, however it ends, the socket is closed and the loop's task stops, so
/// nothing of the connection outlives the subscriptions that needed it.
actor TransportWSConnection {
  private struct Subscription {
    let request: GraphQLRequest
    let continuation: AsyncThrowingStream<SubscriptionEvent, any Error>.Continuation
  }

  private let endpoint: URL
  private let headers: [String: String]
  private let connectionParams: @Sendable () async throws -> JSONValue?
  private let backoff: ReconnectBackoff
  private let keepAlive: Duration?
  private let wsProtocol: GraphQLWebSocketProtocol
  private let connector: WebSocketConnector
  private nonisolated let ids = Locked(0)
  private var subscriptions: [String: Subscription] = [:]
  /// The socket once the server acknowledged `connection_init`.
  private var socket: (any WebSocketConnection)?
  /// The connection loop's task, while it runs.
  private var loop: Task<Void, Never>?
  /// How many messages the current socket brought: the keep-alive's sign of life.
  private var heard = 0
  /// Whether the current socket's server sent a `ka` (the older protocol's keep-alive):
  /// only then does its silence mean the connection is lost.
  private var serverKeepsAlive = false
  /// How long the server may take to acknowledge `connection_init`.
  static let acknowledgementTimeout: Duration = .seconds(10)

  init(
    endpoint: URL, headers: [String: String], connectionParams: @escaping @Sendable () async throws -> JSONValue?,
    backoff: ReconnectBackoff, keepAlive: Duration?, protocol wsProtocol: GraphQLWebSocketProtocol,
    connector: @escaping WebSocketConnector
  ) {
    self.endpoint = endpoint
    self.headers = headers
    self.connectionParams = connectionParams
    self.backoff = backoff
    self.keepAlive = keepAlive
    self.wsProtocol = wsProtocol
    self.connector = connector
  }

  nonisolated func makeID() -> String {
    ids.withLock { next in
      next += 1
      return String(next)
    }
  }

  func add(_ id: String, _ request: GraphQLRequest, _ continuation: AsyncThrowingStream<SubscriptionEvent, any Error>.Continuation) {
    subscriptions[id] = Subscription(request: request, continuation: continuation)
    if let socket {
      start(id, on: socket)
    } else if loop == nil {
      loop = Task { await run() }
    }
  }

  /// The consumer went away: completes the subscription on the server, and closes the
  /// socket after the last.
  func remove(_ id: String) {
    guard subscriptions.removeValue(forKey: id) != nil else { return }
    try? socket?.send(Self.message(["type": .string(wsProtocol.stopType), "id": .string(id)]))
    closeIfIdle()
  }

  /// After the last subscription: closes the socket and stops the loop (a connection
  /// attempt or a backoff wait included), which then ends.
  private func closeIfIdle() {
    guard subscriptions.isEmpty else { return }
    if wsProtocol == .subscriptionsTransportWS { try? socket?.send(Self.message(["type": "connection_terminate"])) }
    socket?.close(code: 1000, reason: "")
    socket = nil
    loop?.cancel()
  }

  private func start(_ id: String, on socket: any WebSocketConnection) {
    guard let subscription = subscriptions[id] else { return }
    do {
      try socket.send(Self.message([
        "type": .string(wsProtocol.startType), "id": .string(id), "payload": subscription.request.body,
      ]))
      subscription.continuation.yield(.connected)
    } catch {
      // The socket is going; the loop re-subscribes on the next one.
    }
  }

  /// Connects, serves the socket until it ends, and reconnects while subscriptions remain.
  private func run() async {
    var attempt = 0
    while !subscriptions.isEmpty && !Task.isCancelled {
      do {
        let socket = try await connect()
        guard !subscriptions.isEmpty && !Task.isCancelled else {
          // Every subscription ended while it connected.
          socket.close(code: 1000, reason: "")
          break
        }
        attempt = 0
        self.socket = socket
        serverKeepsAlive = false
        for id in subscriptions.keys.sorted() { start(id, on: socket) }
        let watchdog = keepAlive.map { interval in Task { await watch(socket, every: interval) } }
        defer { watchdog?.cancel() }
        for try await text in socket.messages {
          heard += 1
          receive(text, on: socket)
        }
      } catch let closed as WebSocketClosed where closed.code.map(Self.isFatal) == true {
        fail(TransportError(.http(status: Self.httpStatus(closed.code ?? 1002)), closed.description))
        break
      } catch let error as TransportError where Self.isFatal(error.kind) {
        fail(error)
        break
      } catch {
        // Lost, refused or timed out: tried again below.
      }
      socket = nil
      guard !subscriptions.isEmpty else { break }
      attempt += 1
      if let maximum = backoff.maximumAttempts, attempt > maximum {
        fail(TransportError(.transport, "The WebSocket could not reconnect after \(maximum) attempts."))
        break
      }
      for subscription in subscriptions.values { subscription.continuation.yield(.disconnected(attempt: attempt)) }
      try? await Task.sleep(for: backoff.delay(forAttempt: attempt, random: Double.random(in: 0...1)))
    }
    socket = nil
    loop = nil
    // A subscription added while the loop was giving up starts a new loop.
    if !subscriptions.isEmpty {
      loop = Task { await run() }
    }
  }

  /// A socket whose `connection_init` the server acknowledged.
  private func connect() async throws -> any WebSocketConnection {
    let payload = try await connectionParams()
    let socket = try await connector(endpoint, headers, wsProtocol.subprotocol)
    do {
      try await initialize(socket, payload: payload)
    } catch {
      // Cancelled, refused or timed out: the socket is closed here, as nobody else has it.
      socket.close(code: 1000, reason: "")
      throw error
    }
    return socket
  }

  /// Sends `connection_init` and waits for the server's `connection_ack`.
  private func initialize(_ socket: any WebSocketConnection, payload: JSONValue?) async throws {
    var members: [JSONMember] = [JSONMember("type", "connection_init")]
    if let payload { members.append(JSONMember("payload", payload)) }
    try socket.send(JSONWriter.string(.object(members)))
    let acknowledged = try await withThrowingTaskGroup(of: Bool.self) { group in
      group.addTask {
        for try await text in socket.messages {
          let message = Self.parse(text)
          switch message?["type"]?.stringValue {
          case "connection_ack": return true
          case "ping": try socket.send(Self.message(["type": "pong"]))
          case "ka": continue
          case "connection_error":
            throw TransportError(.http(status: 403), "The server refused connection_init: \(text.prefix(200))")
          default: throw TransportError(.malformed, "The server sent \(text.prefix(100)) before connection_ack.")
          }
        }
        return false
      }
      group.addTask {
        try await Task.sleep(for: Self.acknowledgementTimeout)
        return false
      }
      let first = try await group.next() ?? false
      group.cancelAll()
      return first
    }
    guard acknowledged else {
      socket.close(code: 4408, reason: "Connection initialisation timeout")
      throw TransportError(.transport, "The server did not acknowledge connection_init.")
    }
  }

  /// Pings after `interval` without a message, and closes the socket when another
  /// `interval` passes without one: a connection whose network died without a close ends,
  /// and the loop reconnects (showing the gap) rather than waiting on it forever. The older
  /// protocol has no ping: there, once the server has sent a `ka`, two silent intervals
  /// close the socket (as its own client does); a server that never sends one is trusted.
  private func watch(_ socket: any WebSocketConnection, every interval: Duration) async {
    var pinged = false
    while true {
      let before = heard
      do {
        try await Task.sleep(for: interval)
      } catch {
        return
      }
      if heard != before {
        pinged = false
      } else if !wsProtocol.clientPings {
        guard serverKeepsAlive else { continue }
        if pinged {
          socket.close(code: 1001, reason: "No keep-alive from the server")
          return
        }
        pinged = true
      } else if pinged {
        socket.close(code: 1001, reason: "No reply to a ping")
        return
      } else {
        try? socket.send(Self.message(["type": "ping"]))
        pinged = true
      }
    }
  }

  private func receive(_ text: String, on socket: any WebSocketConnection) {
    guard let message = Self.parse(text), let type = message["type"]?.stringValue else {
      breach(socket, "a message that is not a \(wsProtocol.subprotocol) message: \(text.prefix(100))")
      return
    }
    let id = message["id"]?.stringValue ?? ""
    switch type {
    case "ping": try? socket.send(Self.message(["type": "pong"]))
    case "pong": break
    case "ka" where wsProtocol == .subscriptionsTransportWS: serverKeepsAlive = true
    case wsProtocol.dataType:
      guard let payload = message["payload"] else { return }
      var bytes: [UInt8] = []
      JSONWriter.write(payload, into: &bytes)
      subscriptions[id]?.continuation.yield(.next(bytes))
    case "error":
      // Request errors end the subscription: the store shows them as a GraphQL failure.
      // The older protocol's payload is one error, or a response's `errors` object.
      let errors: JSONValue
      switch message["payload"] {
      case .array(let list)?: errors = .array(list)
      case .object(let members)? where members.contains(where: { $0.key == "errors" }): errors = message["payload"]?["errors"] ?? .array([])
      case let payload?: errors = .array([payload])
      case nil: errors = .array([])
      }
      var bytes: [UInt8] = []
      JSONWriter.write(.object([JSONMember("errors", errors)]), into: &bytes)
      if let subscription = subscriptions.removeValue(forKey: id) {
        subscription.continuation.yield(.next(bytes))
        subscription.continuation.finish()
      }
      closeIfIdle()
    case "complete":
      subscriptions.removeValue(forKey: id)?.continuation.finish()
      closeIfIdle()
    default:
      breach(socket, "a message of unknown type \(type.prefix(40))")
    }
  }

  /// The server broke the protocol: close as graphql-ws does (4400) and fail every
  /// subscription, since reconnecting would meet the same server.
  private func breach(_ socket: any WebSocketConnection, _ what: String) {
    socket.close(code: 4400, reason: "Invalid message received")
    fail(TransportError(.malformed, "The server sent \(what)."))
  }

  private func fail(_ error: TransportError) {
    let failing = subscriptions
    subscriptions = [:]
    for subscription in failing.values { subscription.continuation.finish(throwing: error) }
  }

  /// Handshake failures that a reconnection would only repeat: a server that does not
  /// speak the protocol, or refuses the client; a 5xx or 429 is tried again.
  private static func isFatal(_ kind: TransportError.Kind) -> Bool {
    switch kind {
    case .transport: false
    case .malformed: true
    case .http(let status): status < 500 && status != 429 && status != 408
    }
  }

  /// Close codes that a reconnection would only repeat.
  private static func isFatal(_ code: UInt16) -> Bool {
    code == 1002 || code == 1007 || code == 1009 || (4400...4499).contains(code) || code == 4500
  }

  private static func httpStatus(_ code: UInt16) -> Int {
    (4400...4599).contains(code) ? Int(code) - 4000 : 400
  }

  private static func parse(_ text: String) -> JSONValue? {
    guard let value = try? JSONReader.parse(Array(text.utf8)), case .object = value else { return nil }
    return value
  }

  private static func message(_ value: JSONValue) -> String {
    JSONWriter.string(value)
  }
}
