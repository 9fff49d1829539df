#if DEBUG
  import BatonNormalizer
  import BatonStore
  import Dispatch
  import Foundation

  /// The live inspector's HTTP endpoint on 127.0.0.1: `/` the page, `/snapshot.json` the
  /// inspection as JSON, `/events` the feed as server-sent events, and the page's own data
  /// (`/page-head.json`, `/page-records.ndjson`) that it reloads after a store change.
  /// Debug builds only.
  ///
  /// Every connection is answered and closed, except the feed. Requests are held to a
  /// size (16 KiB of head), a time (5 s to send it, 2 s of silence at most), a method
  /// (GET, HEAD), a `Host` naming
  /// this port (so a rebinding web page is refused) and a number of open connections; all
  /// else is refused with a status and a sentence.
  package final class InspectorServer: Sendable {
    static let maximumConnections = 16
    static let maximumFeeds = 4
    static let headDeadline: Double = 5

    private let source: any InspectorSource
    private let open = Locked((connections: 0, feeds: 0))
    private let listener: Locked<LoopbackListener?> = Locked(nil)
    package let port: UInt16

    /// Starts serving `source` on 127.0.0.1:`port` (0: a free port).
    package init(source: any InspectorSource, port: UInt16) throws(InspectorServerError) {
      self.source = source
      let pending = Locked<InspectorServer?>(nil)
      let listener = try LoopbackListener(port: port) { client in
        guard let server = pending.withLock({ $0 }) else {
          close(client)
          return
        }
        server.admit(client)
      }
      self.port = listener.port
      self.listener.withLock { $0 = listener }
      pending.withLock { $0 = self }
    }

    /// The address the socket is bound to (for the loopback-only test).
    package var boundAddress: String? { listener.withLock { $0?.boundAddress } }

    /// Stops listening; open connections end when their peers go.
    package func stop() {
      listener.withLock { listener in
        listener?.stop()
        listener = nil
      }
    }

    private func admit(_ client: Int32) {
      let admitted = open.withLock { open in
        guard open.connections < Self.maximumConnections else { return false }
        open.connections += 1
        return true
      }
      guard admitted else {
        _ = Glue.sendAll(client, Self.response(503, "Too many connections to the inspector."))
        close(client)
        return
      }
      DispatchQueue.global(qos: .utility).async { [self] in
        defer {
          close(client)
          open.withLock { $0.connections -= 1 }
        }
        serve(client)
      }
    }

    private func serve(_ client: Int32) {
      Glue.setTimeouts(client, receive: 2, send: 5)
      let head: HTTPRequestHead
      do throws(HTTPRequestHead.Refusal) {
        head = try HTTPRequestHead(readHead(client))
      } catch {
        let answer: [UInt8] =
          switch error {
          case .badRequest(let reason): Self.response(400, reason)
          case .tooLarge: Self.response(431, "The request head is over 16 KiB.")
          case .methodNotAllowed: Self.response(405, "The inspector answers GET only.", extra: "Allow: GET, HEAD\r\n")
          }
        _ = Glue.sendAll(client, answer)
        return
      }
      guard head.isAddressedToLoopback(port: port) else {
        _ = Glue.sendAll(client, Self.response(421, "The Host header must be 127.0.0.1:\(port) or localhost:\(port)."))
        return
      }
      let withBody = head.method == "GET"
      switch head.path {
      case "/", "/index.html":
        let page = Signposts.inspector.interval("inspector page") { source.inspection().html }
        _ = Glue.sendAll(client, Self.response(200, body: page, type: "text/html; charset=utf-8", withBody: withBody))
      case "/snapshot.json":
        let json = source.inspection().json
        _ = Glue.sendAll(client, Self.response(200, body: json, type: "application/json", withBody: withBody))
      case "/page-head.json":
        _ = Glue.sendAll(client, Self.response(200, body: source.inspection().pageHead, type: "application/json", withBody: withBody))
      case "/page-records.ndjson":
        let records = source.inspection().pageRecords
        _ = Glue.sendAll(client, Self.response(200, body: records, type: "application/x-ndjson", withBody: withBody))
      case "/events":
        streamFeed(client, withBody: withBody)
      default:
        _ = Glue.sendAll(client, Self.response(404, "The inspector serves /, /snapshot.json and /events."))
      }
    }

    /// Reads up to the blank line that ends the head, within the size and the deadline.
    private func readHead(_ client: Int32) throws(HTTPRequestHead.Refusal) -> [UInt8] {
      var bytes: [UInt8] = []
      let deadline = Date().addingTimeInterval(Self.headDeadline)
      let end: [UInt8] = [13, 10, 13, 10]
      while true {
        if let range = bytes.firstRange(of: end) { return Array(bytes[..<range.lowerBound]) }
        guard bytes.count <= HTTPRequestHead.maximumSize else { throw .tooLarge }
        guard Date() < deadline, let chunk = Glue.receive(client, limit: 4096) else {
          throw .badRequest("The request head did not arrive in time (2 s of silence, or 5 s in all).")
        }
        guard !chunk.isEmpty else { throw .badRequest("The connection closed before the request head ended.") }
        bytes += chunk
      }
    }

    /// Holds the connection and writes each feed event as it comes, with a comment every
    /// 15 s so a gone peer is noticed; the feed's stream ends when the peer does.
    private func streamFeed(_ client: Int32, withBody: Bool) {
      let admitted = open.withLock { open in
        guard open.feeds < Self.maximumFeeds else { return false }
        open.feeds += 1
        return true
      }
      guard admitted else {
        _ = Glue.sendAll(client, Self.response(503, "Too many pages follow the feed; close one."))
        return
      }
      defer { open.withLock { $0.feeds -= 1 } }
      // Subscribed before the first byte goes out: a page that has the response misses nothing after it.
      let stream = source.feed()
      let header = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: close\r\n"
        + "X-Content-Type-Options: nosniff\r\n\r\n"
      guard Glue.sendAll(client, Array(header.utf8)), withBody, Glue.sendAll(client, Array("retry: 1000\n\n".utf8)) else { return }
      let queue = Locked((frames: [[UInt8]](), ended: false))
      let signal = DispatchSemaphore(value: 0)
      let reader = Task {
        for await event in stream {
          queue.withLock { $0.frames.append(event.frame) }
          signal.signal()
        }
        queue.withLock { $0.ended = true }
        signal.signal()
      }
      defer { reader.cancel() }
      while true {
        let woke = signal.wait(timeout: .now() + 15) == .success
        let (frames, ended) = queue.withLock { queue in
          defer { queue.frames.removeAll() }
          return (queue.frames, queue.ended)
        }
        if !woke, !Glue.sendAll(client, Array(": keep-alive\n\n".utf8)) { return }
        for frame in frames where !Glue.sendAll(client, frame) { return }
        if ended { return }
      }
    }

    static func response(_ status: Int, _ message: String, extra: String = "") -> [UInt8] {
      response(status, body: Array((message + "\n").utf8), type: "text/plain; charset=utf-8", extra: extra)
    }

    static func response(_ status: Int, body: [UInt8], type: String, extra: String = "", withBody: Bool = true) -> [UInt8] {
      let reasons = [
        200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed", 421: "Misdirected Request",
        431: "Request Header Fields Too Large", 503: "Service Unavailable",
      ]
      let head = "HTTP/1.1 \(status) \(reasons[status] ?? "Error")\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n"
        + "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\(extra)\r\n"
      return Array(head.utf8) + (withBody ? body : [])
    }
  }
#endif
