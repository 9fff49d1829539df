#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// A bare TCP client for the live endpoint's tests: sends any bytes, hostile ones too, and
/// reads what comes back until the server closes or `seconds` pass.
enum RawHTTP {
  struct ConnectFailed: Error {}

  /// Connects to `host` (dotted IPv4) and `port`; `nil` when the connection is refused.
  static func dial(_ host: String, _ port: UInt16) -> Int32? {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
      close(descriptor)
      return nil
    }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard result == 0 else {
      close(descriptor)
      return nil
    }
    var timeout = timeval(tv_sec: 1, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    return descriptor
  }

  /// Sends `request` and returns the response, read until the server closes, `until` is
  /// seen, or `seconds` pass.
  static func exchange(
    port: UInt16, _ request: [UInt8], until marker: String? = nil, within seconds: Double = 10
  ) async throws -> String {
    let descriptor = try open(port: port, request)
    defer { close(descriptor) }
    return await read(descriptor, until: marker, within: seconds)
  }

  /// A connection with `request` sent on it.
  static func open(port: UInt16, _ request: [UInt8]) throws -> Int32 {
    guard let descriptor = dial("127.0.0.1", port) else { throw ConnectFailed() }
    var offset = 0
    while offset < request.count {
      let sent = request.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return -1 }
        #if canImport(Glibc)
          return send(descriptor, base + offset, request.count - offset, Int32(MSG_NOSIGNAL))
        #else
          return send(descriptor, base + offset, request.count - offset, 0)
        #endif
      }
      // The server may answer and close before reading all of a huge request.
      guard sent > 0 else { break }
      offset += sent
    }
    return descriptor
  }

  /// What arrives on `descriptor` until the server closes, `marker` is seen, or `seconds`
  /// pass. The blocking reads run on a Dispatch thread: on the cooperative pool (two threads
  /// on a two-core machine) they would starve the feed they wait for, and other suites.
  static func read(_ descriptor: Int32, until marker: String? = nil, within seconds: Double = 10) async -> String {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(returning: readBlocking(descriptor, until: marker, within: seconds))
      }
    }
  }

  private static func readBlocking(_ descriptor: Int32, until marker: String?, within seconds: Double) -> String {
    var received: [UInt8] = []
    let deadline = Date().addingTimeInterval(seconds)
    var buffer = [UInt8](repeating: 0, count: 65536)
    while Date() < deadline {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count == 0 { break }
      if count > 0 { received += buffer.prefix(count) }
      if let marker, String(decoding: received, as: UTF8.self).contains(marker) { break }
    }
    return String(decoding: received, as: UTF8.self)
  }

  static func get(_ path: String, port: UInt16, host: String? = nil) async throws -> String {
    try await exchange(port: port, Array("GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n\r\n".utf8))
  }

  /// The IPv4 addresses of this machine's interfaces other than loopback.
  static func otherAddresses() -> [String] {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0, let first = list else { return [] }
    defer { freeifaddrs(list) }
    var addresses: [String] = []
    for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
      guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
      var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
      address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
        var ip = inet.pointee.sin_addr
        _ = inet_ntop(AF_INET, &ip, &text, socklen_t(text.count))
      }
      let string = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if !string.hasPrefix("127.") { addresses.append(string) }
    }
    return addresses
  }

  /// The ports this process listens on over IPv4 TCP, but for the taped suites' servers
  /// (Linux: its socket descriptors that /proc/net/tcp lists in state LISTEN); `nil` where
  /// /proc is not there.
  static func listeningPorts() -> Set<UInt16>? {
    // Read to the end: /proc files report no size, and the table runs past one page
    // when other tests leave connections in TIME_WAIT.
    guard let file = FileHandle(forReadingAtPath: "/proc/net/tcp"),
      let data = try? file.readToEnd(),
      let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
    else { return nil }
    try? file.close()
    var listening: [String: UInt16] = [:]
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst() {
      let columns = line.split(separator: " ")
      // 127.0.0.2 (0200007F) is where the taped store suites' servers in this process
      // listen (BatonTestServer's TapeSocket); they come and go beside this suite.
      guard columns.count > 9, columns[3] == "0A", !columns[1].hasPrefix("0200007F:"),
        let port = columns[1].split(separator: ":").last.flatMap({ UInt16($0, radix: 16) })
      else { continue }
      listening[String(columns[9])] = port
    }
    var ports: Set<UInt16> = []
    for descriptor in descriptors {
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)"),
        target.hasPrefix("socket:["), let port = listening[String(target.dropFirst(8).dropLast())]
      else { continue }
      ports.insert(port)
    }
    return ports
  }
}
