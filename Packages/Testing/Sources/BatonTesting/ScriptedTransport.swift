@_spi(Development) import BatonNormalizer
import BatonStore
import BatonTransport
import Foundation

/// A transport that answers from a script: replies queued in order (for any request, or
/// for one operation by name), faults, delays against a clock, and a log of every request
/// sent, for a test to assert on. Nothing crosses the network.
///
/// ```swift
/// let transport = ScriptedTransport()
/// transport.enqueue(.data(["character": ["__typename": "Character", "id": "1", "name": "Rick"]]))
/// transport.enqueue(.httpStatus(500))
/// let environment = GraphQLEnvironment(transport: transport)
/// ```
///
/// A request finds the first reply queued for its operation name, else the first queued
/// for any request, else the standing reply for its name (`answerAlways(_:for:)`); with
/// none, it gets `unscripted` (by default a transport error naming the operation, so a test
/// that forgot a reply fails saying which).
public final class ScriptedTransport: Transport {
  private struct Script {
    var named: [String: [ScriptedReply]] = [:]
    var any: [ScriptedReply] = []
    var standing: [String: ScriptedReply] = [:]
    var requests: [GraphQLRequest] = []
  }

  private let script = Locked(Script())
  private let clock: any StoreClock
  private let unscripted: ScriptedReply?

  /// A transport with nothing queued yet.
  ///
  /// - Parameters:
  ///   - clock: what `.delayed` replies wait on; pass the environment's `ManualClock` to
  ///     release them by moving it.
  ///   - unscripted: the reply to a request nothing was queued for; `nil` fails it with a
  ///     transport error naming the operation.
  public init(clock: any StoreClock = SystemClock(), unscripted: ScriptedReply? = nil) {
    self.clock = clock
    self.unscripted = unscripted
  }

  /// Queues `reply` for the next request of `operationName`, or of any operation when
  /// `nil`.
  public func enqueue(_ reply: ScriptedReply, for operationName: String? = nil) {
    script.withLock { script in
      if let operationName {
        script.named[operationName, default: []].append(reply)
      } else {
        script.any.append(reply)
      }
    }
  }

  /// Answers every request of `operationName` with `reply` once its queued replies are
  /// used up: a server that always says the same.
  public func answerAlways(_ reply: ScriptedReply, for operationName: String) {
    script.withLock { $0.standing[operationName] = reply }
  }

  /// How many requests of `operationName` were sent so far.
  public func requestCount(operationName: String) -> Int {
    script.withLock { $0.requests.filter { $0.operationName == operationName }.count }
  }

  /// Every request sent so far, oldest first.
  public var requests: [GraphQLRequest] { script.withLock { $0.requests } }

  /// How many replies are queued and not yet taken.
  public var pendingReplies: Int { script.withLock { $0.any.count + $0.named.values.map(\.count).reduce(0, +) } }

  /// Logs `request`, takes its reply from the script and answers with it as one payload.
  /// The reply is taken when `send` is called, so requests take replies in the order they
  /// were sent.
  public func send(_ request: GraphQLRequest, in context: TransportContext) -> TransportReplies {
    let reply = script.withLock { script -> ScriptedReply? in
      script.requests.append(request)
      if let name = request.operationName, var queued = script.named[name], !queued.isEmpty {
        let reply = queued.removeFirst()
        script.named[name] = queued
        return reply
      }
      if !script.any.isEmpty { return script.any.removeFirst() }
      return request.operationName.flatMap { script.standing[$0] }
    }
    let name = request.operationName ?? "an anonymous operation"
    let answering = reply ?? unscripted ?? .transportError("ScriptedTransport: no reply was queued for \(name)")
    return .payload { TransportPayload(try await self.answer(answering, to: request)) }
  }

  private func answer(_ reply: ScriptedReply, to request: GraphQLRequest) async throws -> [UInt8] {
    switch reply {
    case .data(let data, let errors):
      var members = [JSONMember("data", data)]
      if !errors.isEmpty { members.append(JSONMember("errors", .array(errors))) }
      return Array(JSONWriter.string(.object(members)).utf8)
    case .response(let body):
      return Array(JSONWriter.string(body).utf8)
    case .body(let bytes):
      return bytes
    case .httpStatus(let status):
      throw TransportError(.http(status: status), "HTTP \(status) from ScriptedTransport")
    case .transportError(let message):
      throw TransportError(.transport, message)
    case .malformed(let message):
      throw TransportError(.malformed, message)
    case .never:
      try await Self.waitForCancellation()
      throw CancellationError()
    case .delayed(let delay, let next):
      let seconds = TimeInterval(delay.components.seconds) + TimeInterval(delay.components.attoseconds) / 1e18
      try await clock.sleep(until: clock.now.addingTimeInterval(seconds))
      return try await answer(next, to: request)
    case .computed(let make):
      return try await answer(make(request), to: request)
    }
  }

  /// Suspends until the task is cancelled, holding no thread.
  private static func waitForCancellation() async throws {
    let parked = Locked(Parked.waiting)
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = parked.withLock { parked in
          guard case .waiting = parked else { return true }
          parked = .parked(continuation)
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let continuation = parked.withLock { parked -> CheckedContinuation<Void, Never>? in
        defer { parked = .cancelled }
        if case .parked(let continuation) = parked { return continuation }
        return nil
      }
      continuation?.resume()
    }
    try Task.checkCancellation()
  }

  private enum Parked {
    case waiting
    case parked(CheckedContinuation<Void, Never>)
    case cancelled
  }
}
