import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A loopback port that lets clients connect and never reads from them: a request body sent
/// there stalls once the sockets' buffers are full, which is how a test catches an upload
/// halfway.
public final class SilentListener: Sendable {
  /// `/graphql` on the listener.
  public let url: URL
  private let descriptor: Int32

  /// Listens on a free loopback port.
  public init() throws {
    (descriptor, url) = try Self.listen()
  }

  /// A socket listening on a free loopback port, and `/graphql` there.
  static func listen() throws -> (descriptor: Int32, url: URL) {
    let (descriptor, host, port) = try TapeSocket.listen()
    guard let url = URL(string: "http://\(host):\(port)/graphql") else {
      close(descriptor)
      throw TestServerError("no URL for \(host):\(port)")
    }
    return (descriptor, url)
  }

  deinit {
    close(descriptor)
  }
}
