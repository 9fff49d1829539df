import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few POSIX socket calls the tape server makes, on loopback only. A descriptor is a
/// plain `Int32`; whoever opened it closes it.
enum TapeSocket {
  #if canImport(Glibc)
    private static let stream = Int32(SOCK_STREAM.rawValue)
    private static let noSignal = Int32(MSG_NOSIGNAL)
  #else
    private static let stream = SOCK_STREAM
    private static let noSignal: Int32 = 0
  #endif

  /// A socket listening on a free port of 127.0.0.2 where there is one (Linux routes all of
  /// 127/8 to loopback; macOS only 127.0.0.1, used there), its address and its port. Not
  /// 127.0.0.1, so this process's listeners there are the inspector's alone, which
  /// `LiveInspectorTests` checks while the taped suites run beside it.
  static func listen() throws -> (descriptor: Int32, host: String, port: Int) {
    do {
      return try listen(on: "127.0.0.2")
    } catch {
      return try listen(on: "127.0.0.1")
    }
  }

  private static func listen(on host: String) throws -> (descriptor: Int32, host: String, port: Int) {
    let descriptor = try newSocket()
    var address = loopback(host, port: 0)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, startListening(descriptor) == 0 else {
      close(descriptor)
      throw TestServerError("bind/listen on \(host) failed: errno \(errno)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    return (descriptor, host, Int(UInt16(bigEndian: address.sin_port)))
  }

  private static func startListening(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.listen(descriptor, 128)
    #else
      Darwin.listen(descriptor, 128)
    #endif
  }

  /// A connection to `port` on `host` (127.0.0.1, where server.py listens, unless said).
  static func connect(host: String = "127.0.0.1", port: Int) throws -> Int32 {
    let descriptor = try newSocket()
    var address = loopback(host, port: port)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        #if canImport(Glibc)
          Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        #else
          Darwin.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        #endif
      }
    }
    guard connected == 0 else {
      close(descriptor)
      throw TestServerError("connect to \(host):\(port) failed: errno \(errno)")
    }
    return descriptor
  }

  /// The next connection, or `nil` once the listening socket is shut.
  static func accept(_ descriptor: Int32) -> Int32? {
    while true {
      #if canImport(Glibc)
        let client = Glibc.accept(descriptor, nil, nil)
      #else
        let client = Darwin.accept(descriptor, nil, nil)
      #endif
      if client >= 0 { return client }
      if errno != EINTR && errno != ECONNABORTED { return nil }
    }
  }

  /// Writes all of `bytes`; `false` when the peer has gone.
  @discardableResult
  static func send(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        #if canImport(Glibc)
          Glibc.send(descriptor, buffer.baseAddress.map { $0 + sent }, bytes.count - sent, noSignal)
        #else
          Darwin.send(descriptor, buffer.baseAddress.map { $0 + sent }, bytes.count - sent, noSignal)
        #endif
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return false }
      sent += written
    }
    return true
  }

  /// The next bytes read, empty at end of stream or on an error.
  static func receive(_ descriptor: Int32) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      return count > 0 ? Array(buffer[..<count]) : []
    }
  }

  /// Which of `descriptors` can be read (data, end of stream or an error) within
  /// `milliseconds` (forever when negative).
  static func readable(_ descriptors: [Int32], milliseconds: Int) -> [Bool] {
    var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let ready = polled.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), Int32(clamping: milliseconds)) }
    guard ready > 0 else { return descriptors.map { _ in false } }
    return polled.map { $0.revents != 0 }
  }

  /// Ends both directions, so a thread blocked on the socket returns, and closes it.
  static func shutAndClose(_ descriptor: Int32) {
    shutdown(descriptor, Int32(SHUT_RDWR))
    close(descriptor)
  }

  /// A TCP socket that, on Darwin, reports a write to a closed peer as an error rather than
  /// killing the process with SIGPIPE.
  private static func newSocket() throws -> Int32 {
    let descriptor = socket(AF_INET, stream, 0)
    guard descriptor >= 0 else { throw TestServerError("socket() failed: errno \(errno)") }
    #if canImport(Darwin)
      var on: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
    return descriptor
  }

  private static func loopback(_ host: String, port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port)).bigEndian
    address.sin_addr.s_addr = inet_addr(host)
    return address
  }
}
