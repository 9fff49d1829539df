// Apple-only in part: `import Darwin` only, for the POSIX calls in `Glue`.
#if DEBUG
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Darwin)
    import Darwin
  #endif
  import BatonNormalizer
  import BatonStore
  import Foundation

  /// A TCP socket listening on 127.0.0.1 only, accepting on a thread of its own and handing
  /// each connection's descriptor to `accept`. Debug builds only: the live inspector is the
  /// one user, and a release build has no listener at all.
  package final class LoopbackListener: Sendable {
    /// The port it listens on (the one asked for, or the system's pick for 0).
    package let port: UInt16
    private let socket: Int32
    private let stopped = Locked(false)
    /// Signalled by the accept thread once it has closed the socket.
    private let closed = DispatchSemaphore(value: 0)

    /// Binds 127.0.0.1:`port` (0: any free port) and starts accepting.
    package init(port: UInt16, accept: @escaping @Sendable (Int32) -> Void) throws(InspectorServerError) {
      let socket = Glue.socketTCP()
      guard socket >= 0 else { throw .socket("socket() failed: \(Glue.errorText())") }
      var yes: Int32 = 1
      setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
      var address = Glue.loopbackAddress(port: port)
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
      }
      guard bound == 0, listen(socket, 32) == 0 else {
        let reason = Glue.errorText()
        close(socket)
        throw .socket("Could not listen on 127.0.0.1:\(port): \(reason)")
      }
      guard let actual = Glue.boundPort(socket) else {
        close(socket)
        throw .socket("getsockname() failed: \(Glue.errorText())")
      }
      self.port = actual
      self.socket = socket
      let thread = Thread { [stopped, closed] in
        // poll() with a timeout rather than a blocking accept(): closing a socket does not
        // wake a thread blocked in accept() on every platform.
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        while !stopped.withLock({ $0 }) {
          guard poll(&descriptor, 1, 100) > 0 else { continue }
          let client = Glue.acceptConnection(socket)
          if client >= 0 { accept(client) }
        }
        close(socket)
        closed.signal()
      }
      thread.name = "baton.inspector.accept"
      thread.start()
    }

    /// The address the socket is bound to, as `getsockname` reports it.
    package var boundAddress: String? {
      Glue.boundAddress(socket)
    }

    /// Stops accepting and returns once the socket is closed (within the accept thread's
    /// 100 ms poll); connections already open finish on their own.
    package func stop() {
      let first = stopped.withLock { stopped in
        defer { stopped = true }
        return !stopped
      }
      if first { closed.wait() }
    }

    deinit {
      stop()
    }
  }
#endif
