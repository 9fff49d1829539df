import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A loopback HTTP endpoint that answers `413 Content Too Large` as soon as a request's head
/// has arrived, reading none of its body, and closes the connection: a server refusing an
/// upload while the client is still sending it. The answer's error message gives the
/// request's `Content-Length` and `Transfer-Encoding` ("none" for one it lacks).
public final class EarlyAnswerListener: Sendable {
  /// `/graphql` on the listener.
  public let url: URL
  private let descriptor: Int32

  /// Listens on a free loopback port and answers one connection at a time until released.
  public init() throws {
    let (descriptor, url) = try SilentListener.listen()
    (self.descriptor, self.url) = (descriptor, url)
    Thread {
      while let client = TapeSocket.accept(descriptor) { Self.refuse(client) }
    }.start()
  }

  deinit {
    TapeSocket.shutAndClose(descriptor)
  }

  private static func refuse(_ client: Int32) {
    defer { TapeSocket.shutAndClose(client) }
    guard let (request, _) = TapeHTTPRequest.readHead(from: client) else { return }
    func header(_ name: String) -> String { request.header(name) ?? "none" }
    let message = "too large: content-length \(header("content-length")), transfer-encoding \(header("transfer-encoding"))"
    let body = Array(#"{"errors":[{"message":"\#(message)"}]}"#.utf8)
    let answer =
      "HTTP/1.1 413 Content Too Large\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    _ = TapeSocket.send(client, Array(answer.utf8) + body)
  }
}
