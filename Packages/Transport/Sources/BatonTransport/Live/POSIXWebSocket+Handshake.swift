// Apple-only in part: the Darwin spellings of POSIX socket calls (SO_NOSIGPIPE for
// Glibc's MSG_NOSIGNAL, SOCK_STREAM's type), in Darwin's libc on every Apple platform
// without availability limits. The Glibc side runs the WebSocket tests here.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// The GUID RFC 6455 §1.3 appends to the key to make `Sec-WebSocket-Accept`.
private let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
/// A handshake response longer than this is not one.
private let maximumHandshakeBytes = 16 * 1024
/// Connecting and the handshake give up after this long; afterwards reads wait for ever.
private let handshakeTimeoutSeconds = 10

/// The `Sec-WebSocket-Accept` value the server must answer `key` with.
func webSocketAccept(forKey key: String) -> String {
  Data(SHA1.digest(Array((key + acceptGUID).utf8))).base64EncodedString()
}

func closeDescriptor(_ descriptor: Int32) {
  _ = close(descriptor)
}

/// Writes all of `bytes`, retrying short writes; `false` on an error (errno says which).
func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
  var sent = 0
  while sent < bytes.count {
    let count = bytes.withUnsafeBytes { buffer -> Int in
      guard let base = buffer.baseAddress else { return 0 }
      #if canImport(Darwin)
        return send(descriptor, base + sent, buffer.count - sent, 0)
      #else
        return send(descriptor, base + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
      #endif
    }
    if count < 0 && errno == EINTR { continue }
    guard count > 0 else { return false }
    sent += count
  }
  return true
}

/// A connected TCP socket to `host:port`, trying each address `getaddrinfo` gives.
func openSocket(host: String, port: Int) throws -> Int32 {
  var hints = addrinfo()
  hints.ai_family = AF_UNSPEC
  #if canImport(Darwin)
    hints.ai_socktype = SOCK_STREAM
  #else
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
  #endif
  var list: UnsafeMutablePointer<addrinfo>?
  let status = getaddrinfo(host, String(port), &hints, &list)
  guard status == 0, let first = list else {
    throw TransportError(.transport, "Cannot resolve \(host): \(String(cString: gai_strerror(status))).")
  }
  defer { freeaddrinfo(first) }
  var lastError = ECONNREFUSED
  var candidate: UnsafeMutablePointer<addrinfo>? = first
  while let address = candidate {
    candidate = address.pointee.ai_next
    let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
    guard descriptor >= 0 else {
      lastError = errno
      continue
    }
    #if canImport(Darwin)
      var on: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
    setTimeout(descriptor, seconds: handshakeTimeoutSeconds)
    if connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return descriptor }
    lastError = errno
    closeDescriptor(descriptor)
  }
  throw TransportError(.transport, "Cannot connect to \(host):\(port): \(String(cString: strerror(lastError))).")
}

private func setTimeout(_ descriptor: Int32, seconds: Int) {
  var timeout = timeval()
  timeout.tv_sec = .init(seconds)
  let size = socklen_t(MemoryLayout<timeval>.size)
  setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, size)
  setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, size)
}

/// Sends the upgrade request and checks the server's answer (RFC 6455 §4.1); returns the
/// bytes that followed the response head (the first frames, if the server was quick).
func handshake(
  _ descriptor: Int32, host: String, port: Int, path: String, headers: [String: String], subprotocol: String
) throws -> [UInt8] {
  var nonce = [UInt8](repeating: 0, count: 16)
  for index in nonce.indices { nonce[index] = UInt8.random(in: .min ... .max) }
  let key = Data(nonce).base64EncodedString()
  var request = "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
  request += "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: \(subprotocol)\r\n"
  for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
    // A header value with a line break would smuggle a header of its own.
    guard !name.contains(where: \.isNewline), !value.contains(where: \.isNewline) else {
      throw TransportError(.transport, "The handshake header \(name) has a line break.")
    }
    request += "\(name): \(value)\r\n"
  }
  request += "\r\n"
  guard writeAll(descriptor, Array(request.utf8)) else {
    throw TransportError(.transport, "Cannot send the WebSocket handshake: \(String(cString: strerror(errno))).")
  }
  var received: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  let terminator: [UInt8] = [13, 10, 13, 10]
  var headEnd: Int?
  while headEnd == nil {
    let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else {
      throw TransportError(.transport, "The server closed the connection during the WebSocket handshake.")
    }
    received.append(contentsOf: buffer[0..<count])
    headEnd = received.firstRange(of: terminator)?.upperBound
    if headEnd == nil && received.count > maximumHandshakeBytes {
      throw TransportError(.malformed, "The WebSocket handshake response is over \(maximumHandshakeBytes) bytes.")
    }
  }
  let end = headEnd ?? received.count
  let head = String(decoding: received[0..<end], as: UTF8.self)
  let lines = head.split(separator: "\r\n", omittingEmptySubsequences: true)
  let statusParts = lines.first?.split(separator: " ") ?? []
  guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
    throw TransportError(.malformed, "The WebSocket handshake response has no status line.")
  }
  guard status == 101 else {
    throw TransportError(.http(status: status), "The server answered the WebSocket handshake with HTTP \(status).")
  }
  var fields: [String: String] = [:]
  for line in lines.dropFirst() {
    guard let colon = line.firstIndex(of: ":") else { continue }
    fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
  }
  guard fields["sec-websocket-accept"] == webSocketAccept(forKey: key) else {
    throw TransportError(.malformed, "The server's Sec-WebSocket-Accept does not answer the handshake's key.")
  }
  guard fields["sec-websocket-protocol"] == subprotocol else {
    throw TransportError(.malformed, "The server did not agree to the \(subprotocol) subprotocol.")
  }
  setTimeout(descriptor, seconds: 0)
  return Array(received[end...])
}
