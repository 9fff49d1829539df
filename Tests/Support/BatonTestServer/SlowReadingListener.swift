import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A loopback HTTP endpoint that reads each request's body slowly for its first `slowFor`
/// (a piece, then a pause), then the rest at once, and answers `{"data":{"received":N}}`
/// with the body's byte count: an upload on a slow link, which takes longer than a
/// transport's timeout while it never stalls.
public final class SlowReadingListener: Sendable {
  /// `/graphql` on the listener.
  public let url: URL
  private let descriptor: Int32

  /// Listens on a free loopback port and serves one connection at a time until released.
  public init(slowFor: Duration, pause: Duration = .milliseconds(50)) throws {
    let (descriptor, url) = try SilentListener.listen()
    (self.descriptor, self.url) = (descriptor, url)
    let pauseMicroseconds = useconds_t(pause.components.seconds * 1_000_000 + pause.components.attoseconds / 1_000_000_000_000)
    Thread {
      while let client = TapeSocket.accept(descriptor) {
        Self.serve(client, slowUntil: ContinuousClock.now + slowFor, pause: pauseMicroseconds)
      }
    }.start()
  }

  deinit {
    TapeSocket.shutAndClose(descriptor)
  }

  private static func serve(_ client: Int32, slowUntil: ContinuousClock.Instant, pause: useconds_t) {
    defer { TapeSocket.shutAndClose(client) }
    var raw: [UInt8] = []
    var length: Int?
    var bodyStart = 0
    while length.map({ raw.count < bodyStart + $0 }) ?? true {
      let bytes = TapeSocket.receive(client)
      if bytes.isEmpty { return }
      raw += bytes
      if length == nil, let headEnd = TapeHTTPRequest.blankLine(in: raw) {
        bodyStart = headEnd + 4
        length = TapeHTTPRequest(head: raw[..<headEnd])?.header("Content-Length").flatMap { Int($0) } ?? 0
      }
      if ContinuousClock.now < slowUntil { usleep(pause) }
    }
    let body = Array(#"{"data":{"received":\#(raw.count - bodyStart)}}"#.utf8)
    let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    _ = TapeSocket.send(client, Array(head.utf8) + body)
  }
}
