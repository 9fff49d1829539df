// Apple-only in part: the Apple branch of `WebSocketConnectors.platform` picks
// `URLSessionWebSocket` (checked by hand, at the top of its file).
import Foundation

/// One client WebSocket carrying text messages: the seam between graphql-transport-ws and
/// the platform's socket (`URLSessionWebSocketTask` on Apple platforms; on Linux, whose
/// FoundationNetworking has no WebSocket support in its libcurl, `POSIXWebSocket`).
protocol WebSocketConnection: Sendable {
  /// The server's text messages in order. Ends by throwing `WebSocketClosed` (or
  /// `CancellationError` when the consumer is cancelled); never ends silently.
  var messages: AsyncThrowingStream<String, any Error> { get }
  /// Sends one text message; throws `WebSocketClosed` once the connection is gone.
  func send(_ text: String) throws
  /// Closes with a status code (RFC 6455 §7.4); `messages` then ends.
  func close(code: UInt16, reason: String)
}

/// Opens a WebSocket: the endpoint, extra handshake headers, and the subprotocol to ask for.
typealias WebSocketConnector = @Sendable (URL, [String: String], String) async throws -> any WebSocketConnection

/// How a WebSocket ended: the server's close frame's code and reason, or `code == nil` when
/// the connection was lost without one.
struct WebSocketClosed: Error, Equatable, CustomStringConvertible {
  var code: UInt16?
  var reason: String

  var description: String {
    guard let code else { return "the WebSocket connection was lost: \(reason)" }
    return "the server closed the WebSocket with \(code)" + (reason.isEmpty ? "" : " (\(reason))")
  }
}

enum WebSocketConnectors {
  /// The platform's WebSocket.
  static let platform: WebSocketConnector = { url, headers, subprotocol in
    #if canImport(Darwin)
      try await URLSessionWebSocket.connect(url, headers: headers, subprotocol: subprotocol)
    #else
      try await POSIXWebSocket.connect(url, headers: headers, subprotocol: subprotocol)
    #endif
  }
}
