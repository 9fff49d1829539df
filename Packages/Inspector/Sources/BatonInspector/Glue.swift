// Apple-only in part: the Darwin spellings of the inspector's POSIX socket calls
// (SO_NOSIGPIPE, sin_len, send's flags), in Darwin's libc without availability limits.
#if DEBUG
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// The POSIX socket calls whose spelling differs between Glibc and Darwin, in one place.
  enum Glue {
    static func socketTCP() -> Int32 {
      #if canImport(Darwin)
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        if descriptor >= 0 {
          var yes: Int32 = 1
          setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        }
        return descriptor
      #else
        return socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      #endif
    }

    static func loopbackAddress(port: UInt16) -> sockaddr_in {
      var address = sockaddr_in()
      #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
      #endif
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      address.sin_addr = in_addr(s_addr: UInt32(0x7f00_0001).bigEndian)
      return address
    }

    static func acceptConnection(_ socket: Int32) -> Int32 {
      let client = accept(socket, nil, nil)
      #if canImport(Darwin)
        if client >= 0 {
          var yes: Int32 = 1
          setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        }
      #endif
      return client
    }

    static func boundAddress(_ socket: Int32) -> String? {
      var address = sockaddr_in()
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let result = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
      }
      guard result == 0 else { return nil }
      var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
      guard inet_ntop(AF_INET, &address.sin_addr, &text, socklen_t(text.count)) != nil else { return nil }
      return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func boundPort(_ socket: Int32) -> UInt16? {
      var address = sockaddr_in()
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let result = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
      }
      return result == 0 ? UInt16(bigEndian: address.sin_port) : nil
    }

    /// Sets how long one `recv` or `send` may block.
    static func setTimeouts(_ socket: Int32, receive: Int, send: Int) {
      var receiveTime = timeval(tv_sec: receive, tv_usec: 0)
      var sendTime = timeval(tv_sec: send, tv_usec: 0)
      setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &receiveTime, socklen_t(MemoryLayout<timeval>.size))
      setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &sendTime, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Writes all of `bytes`; false when the peer is gone or a write timed out.
    static func sendAll(_ socket: Int32, _ bytes: [UInt8]) -> Bool {
      var offset = 0
      while offset < bytes.count {
        let sent = bytes.withUnsafeBytes { buffer -> Int in
          guard let base = buffer.baseAddress else { return -1 }
          #if canImport(Darwin)
            return send(socket, base + offset, buffer.count - offset, 0)
          #else
            return send(socket, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
          #endif
        }
        if sent < 0, errno == EINTR { continue }
        guard sent > 0 else { return false }
        offset += sent
      }
      return true
    }

    /// Reads what is there, up to `limit` bytes; empty at end of stream, `nil` on error or timeout.
    static func receive(_ socket: Int32, limit: Int) -> [UInt8]? {
      var buffer = [UInt8](repeating: 0, count: limit)
      while true {
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, limit, 0) }
        if count < 0, errno == EINTR { continue }
        guard count >= 0 else { return nil }
        return Array(buffer.prefix(count))
      }
    }

    static func errorText() -> String {
      String(cString: strerror(errno))
    }
  }
#endif
