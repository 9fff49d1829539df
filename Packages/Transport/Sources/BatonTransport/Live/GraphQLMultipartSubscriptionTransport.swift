@_spi(Development) import BatonNormalizer
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Subscriptions over multipart HTTP, Apollo's protocol (the one Apollo Router speaks, and
/// Apollo's clients): each subscription is one POST with `Accept:`
/// `multipart/mixed;subscriptionSpec="1.0", application/json`, answered with a
/// `multipart/mixed` body whose parts are events `{"payload": {"data": ..., "errors": ...}}`,
/// heartbeats `{}`, or a transport-level error `{"payload": null, "errors": [...]}`; the
/// closing delimiter completes it.
///
/// A transport-level error ends the subscription as a graphql-transport-ws `error` does: its
/// `errors` arrive as one last result, which the store shows as a GraphQL failure. When the
/// body ends without its closing delimiter (the connection dropped) or cannot be opened, the
/// subscription gets `.disconnected(attempt:)` and is posted again after `backoff`; a 4xx
/// answer (other than 408 and 429) ends it with a `TransportError` of kind `.http(status:)`,
/// a part that is not one of the three with one of kind `.malformed`. A 2xx JSON answer (a
/// server that answers the operation once) is its one result. Stopping the subscription
/// closes its connection, which is how this protocol completes it on the server.
public final class GraphQLMultipartSubscriptionTransport: SubscriptionTransport {
  /// The `Accept` each subscription is posted with, as the protocol asks.
  public static let accept = #"multipart/mixed;subscriptionSpec="1.0", application/json"#

  /// The GraphQL endpoint (`http://` or `https://`).
  public let endpoint: URL
  private let headers: @Sendable () async throws -> [String: String]
  private let backoff: ReconnectBackoff
  private let session: URLSessionSetup
  private let maximumPartBytes: Int

  /// A transport for `endpoint`; `headers` are asked for before every request (auth), and
  /// each goes through a session made as `session` says. A part over `maximumPartBytes`
  /// ends the subscription as malformed.
  public init(
    endpoint: URL, headers: @escaping @Sendable () async throws -> [String: String] = { [:] },
    backoff: ReconnectBackoff = ReconnectBackoff(), session: URLSessionSetup = URLSessionSetup(), maximumPartBytes: Int = 16 << 20
  ) {
    self.endpoint = endpoint
    self.headers = headers
    self.backoff = backoff
    self.session = session
    self.maximumPartBytes = maximumPartBytes
  }

  /// Posts `request` and streams its events, reconnecting as described above.
  public func subscribe(_ request: GraphQLRequest) -> AsyncThrowingStream<SubscriptionEvent, any Error> {
    let maximumPartBytes = self.maximumPartBytes
    let session = self.session
    return SubscriptionPost.events(
      of: request, to: endpoint, accept: Self.accept, headers: headers, backoff: backoff, what: "multipart subscription"
    ) { urlRequest, continuation, onOpen in
      try await Self.stream(
        urlRequest, with: session, reading: MultipartSubscriptionReply(maximumPartBytes: maximumPartBytes),
        into: continuation, onOpen: onOpen)
    }
  }

  /// Streams one response's events; `true` when the subscription ended (the closing
  /// delimiter, a transport-level error, a single JSON answer), `false` when the body broke off.
  private static func stream(
    _ request: URLRequest, with session: URLSessionSetup, reading reply: MultipartSubscriptionReply,
    into continuation: SubscriptionPost.Continuation, onOpen: () -> Void
  ) async throws -> Bool {
    try await ResponseStreamDelegate.streaming(request, with: session) { pieces in
      var reply = reply
      for try await piece in pieces {
        let read = try reply.read(piece)
        if read.opened {
          onOpen()
          continuation.yield(.connected)
        }
        for result in read.results { continuation.yield(.next(result)) }
        if read.ended { return true }
      }
      guard let last = try reply.finish() else { return false }
      continuation.yield(.next(last))
      return true
    }
  }
}

/// Reads one reply to a multipart subscription: its head, then its parts as they arrive.
struct MultipartSubscriptionReply {
  /// What one piece of the reply gave.
  struct Read {
    /// The subscription runs: the head of a multipart reply arrived.
    var opened = false
    /// GraphQL responses, in order.
    var results: [[UInt8]] = []
    /// The server ended the subscription; nothing after this counts.
    var ended = false
  }

  private enum Body {
    case unknown
    case multipart(MultipartMixedParser)
    /// A 2xx JSON answer, read whole.
    case whole([UInt8])
  }

  let maximumPartBytes: Int
  private var body = Body.unknown

  init(maximumPartBytes: Int) {
    self.maximumPartBytes = maximumPartBytes
  }

  mutating func read(_ piece: ResponseStreamDelegate.Piece) throws -> Read {
    switch piece {
    case .head(let status, let contentType, _):
      let type = contentType?.lowercased() ?? ""
      if status == 200, let boundary = MultipartMixedParser.boundary(ofContentType: contentType ?? "") {
        body = .multipart(MultipartMixedParser(boundary: boundary, maximumPartBytes: maximumPartBytes))
        return Read(opened: true)
      }
      guard (200..<300).contains(status), type.hasPrefix("application/json") || type.hasPrefix("application/graphql-response+json") else {
        let kind: TransportError.Kind = (200..<300).contains(status) ? .malformed : .http(status: status)
        throw TransportError(kind, "The server answered the multipart subscription with HTTP \(status) \(type).")
      }
      body = .whole([])
      return Read()
    case .body(let data):
      switch body {
      case .unknown:
        throw TransportError(.malformed, "The reply's body came before its head.")
      case .whole(var bytes):
        body = .unknown
        bytes.append(contentsOf: data)
        guard bytes.count <= maximumPartBytes else { throw TransportError(.malformed, "The reply is over \(maximumPartBytes) bytes.") }
        body = .whole(bytes)
        return Read()
      case .multipart(var parser):
        body = .unknown
        let parts: [MultipartMixedParser.Part]
        do {
          parts = try parser.append(data)
        } catch {
          throw TransportError(.malformed, "The multipart subscription reply is malformed: \(error)")
        }
        var read = Read(ended: parser.isClosed)
        body = .multipart(parser)
        for part in parts {
          switch try Self.message(part.body) {
          case .heartbeat: continue
          case .event(let result): read.results.append(result)
          case .transportError(let errors):
            read.results.append(errors)
            read.ended = true
            return read
          }
        }
        return read
      }
    }
  }

  /// The result of a whole JSON answer once its body ended; `nil` for a multipart body that
  /// broke off before its closing delimiter.
  func finish() throws -> [UInt8]? {
    switch body {
    case .unknown: throw TransportError(.transport, "The server closed the connection without a reply.")
    case .multipart: return nil
    case .whole(let bytes): return bytes
    }
  }

  private enum Message {
    case heartbeat
    case event([UInt8])
    /// A response holding only the errors.
    case transportError([UInt8])
  }

  private static func message(_ bytes: [UInt8]) throws -> Message {
    let isBlank = bytes.allSatisfy { $0 == 0x20 || $0 == 0x0D || $0 == 0x0A || $0 == 0x09 }
    guard !isBlank else { return .heartbeat }
    guard let value = try? JSONReader.parse(bytes), case .object(let members) = value else {
      throw TransportError(.malformed, "A part of the multipart subscription is not a JSON object.")
    }
    if members.isEmpty { return .heartbeat }
    var result: [UInt8] = []
    switch value["payload"] {
    case let payload? where payload != .null:
      guard case .object = payload else {
        throw TransportError(.malformed, "A part of the multipart subscription has a payload that is \(payload.kindDescription).")
      }
      JSONWriter.write(payload, into: &result)
      return .event(result)
    default:
      guard let errors = value["errors"] else {
        throw TransportError(.malformed, "A part of the multipart subscription has neither a payload nor errors.")
      }
      JSONWriter.write(.object([JSONMember("errors", errors)]), into: &result)
      return .transportError(result)
    }
  }
}
