// Apple-only in part: `import Darwin` only, for the POSIX calls the Glibc side makes here.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import BatonNormalizer
import Foundation

/// A minimal RFC 6455 client over a POSIX TCP socket, for `ws://` endpoints: text messages,
/// ping/pong, close, masking. Not TLS: a `wss://` endpoint fails at once, saying why.
///
/// One thread per connection does the blocking connect, the handshake, and then reads
/// frames until the connection ends, so blocking calls never sit on Swift's cooperative
/// pool. Sends run on the caller's thread under a lock; the socket is closed by the reading
/// thread, under the same lock, so a send never writes to a reused descriptor.
final class POSIXWebSocket: WebSocketConnection {
  let messages: AsyncThrowingStream<String, any Error>
  private let continuation: AsyncThrowingStream<String, any Error>.Continuation
  private let socket: Locked<Int32?>

  private init(descriptor: Int32) {
    (messages, continuation) = AsyncThrowingStream.makeStream(of: String.self, throwing: (any Error).self)
    socket = Locked(descriptor)
  }

  /// Connects, does the opening handshake (RFC 6455 §4.1) and starts reading.
  ///
  /// - Throws: `TransportError` when the connection fails or the server does not switch
  ///   protocols (`.http(status:)` with its status); `.malformed`, which the transport does
  ///   not retry, when the endpoint is not `ws://`: no attempt could ever reach it.
  /// The handshake's request target: the endpoint's path and query as written, a trailing
  /// slash and percent-escapes kept (`URL.path` drops the one and decodes the others, and a
  /// server routes `/graphql/` and `/graphql` apart).
  static func requestTarget(_ url: URL) -> String {
    let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    let path = components?.percentEncodedPath ?? ""
    return (path.isEmpty ? "/" : path) + (components?.percentEncodedQuery.map { "?" + $0 } ?? "")
  }

  static func connect(_ url: URL, headers: [String: String], subprotocol: String) async throws -> POSIXWebSocket {
    guard url.scheme?.lowercased() == "ws", let host = url.host, !host.isEmpty else {
      throw TransportError(.malformed, Self.unsupported(url))
    }
    let port = url.port ?? 80
    let path = requestTarget(url)
    return try await withCheckedThrowingContinuation { opened in
      let thread = Thread {
        let descriptor: Int32
        var leftover: [UInt8]
        do {
          descriptor = try openSocket(host: host, port: port)
          do {
            leftover = try handshake(descriptor, host: host, port: port, path: path, headers: headers, subprotocol: subprotocol)
          } catch {
            closeDescriptor(descriptor)
            throw error
          }
        } catch {
          opened.resume(throwing: error)
          return
        }
        let connection = POSIXWebSocket(descriptor: descriptor)
        opened.resume(returning: connection)
        connection.readLoop(descriptor, leftover: &leftover)
      }
      thread.name = "BatonStore.WebSocket"
      thread.start()
    }
  }

  /// Why `url` cannot be opened here, in words a server-side user can act on.
  static func unsupported(_ url: URL) -> String {
    guard url.scheme?.lowercased() == "wss" else {
      return "\(url.absoluteString) is not a ws:// endpoint with a host; the WebSocket client here speaks ws:// only."
    }
    return "\(url.absoluteString) needs TLS, and the WebSocket client used on Linux has no TLS (FoundationNetworking's "
      + "libcurl has no WebSocket support, so Baton speaks RFC 6455 over a plain socket). Use a ws:// endpoint, "
      + "behind a TLS-terminating proxy when the traffic leaves the machine; wss:// works on Apple platforms."
  }

  func send(_ text: String) throws {
    try write(WebSocketFrame(isFinal: true, opcode: .text, payload: Array(text.utf8)))
  }

  func close(code: UInt16, reason: String) {
    var payload = [UInt8(code >> 8), UInt8(truncatingIfNeeded: code)]
    payload.append(contentsOf: reason.utf8.prefix(123))
    try? write(WebSocketFrame(isFinal: true, opcode: .close, payload: payload))
    // The reading thread wakes with end-of-stream and closes the descriptor.
    socket.withLock { descriptor in
      if let descriptor { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }
    }
  }

  private func write(_ frame: WebSocketFrame) throws {
    var mask = [UInt8](repeating: 0, count: 4)
    for index in mask.indices { mask[index] = UInt8.random(in: .min ... .max) }
    let bytes = frame.encoded(mask: mask)
    try socket.withLock { descriptor in
      guard let descriptor else { throw WebSocketClosed(code: nil, reason: "the connection is closed") }
      guard writeAll(descriptor, bytes) else {
        throw WebSocketClosed(code: nil, reason: String(cString: strerror(errno)))
      }
    }
  }

  private func readLoop(_ descriptor: Int32, leftover: inout [UInt8]) {
    var reader = WebSocketFrameReader()
    reader.append(leftover)
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    let ending: WebSocketClosed
    reading: while true {
      do {
        while let frame = try reader.next() {
          switch frame.opcode {
          case .text:
            // Foundation's check, not String(validating:), which needs macOS 15 / iOS 18.
            guard let text = String(bytes: frame.payload, encoding: .utf8) else {
              close(code: 1007, reason: "a text message that is not UTF-8")
              ending = WebSocketClosed(code: 1007, reason: "the server sent a text message that is not UTF-8")
              break reading
            }
            continuation.yield(text)
          case .binary, .continuation, .pong: continue
          case .ping: try? write(WebSocketFrame(isFinal: true, opcode: .pong, payload: frame.payload))
          case .close:
            let code = frame.payload.count >= 2 ? UInt16(frame.payload[0]) << 8 | UInt16(frame.payload[1]) : 1005
            let reason = String(decoding: frame.payload.dropFirst(2), as: UTF8.self)
            close(code: code == 1005 ? 1000 : code, reason: "")
            ending = WebSocketClosed(code: code, reason: reason)
            break reading
          }
        }
      } catch {
        close(code: error.closeCode, reason: error.description)
        ending = WebSocketClosed(code: error.closeCode, reason: "the server broke the protocol: \(error.description)")
        break reading
      }
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count <= 0 {
        ending = WebSocketClosed(code: nil, reason: count == 0 ? "end of stream" : String(cString: strerror(errno)))
        break
      }
      reader.append(buffer[0..<count])
    }
    socket.withLock { open in
      if let open { closeDescriptor(open) }
      open = nil
    }
    continuation.finish(throwing: ending)
  }
}
