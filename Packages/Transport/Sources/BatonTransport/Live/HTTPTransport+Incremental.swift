@_spi(Development) import BatonNormalizer
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPTransport {
  /// The `Accept` of a request whose operation uses `@defer` or `@stream`: a multipart reply
  /// in each format `IncrementalResponse` reads, in `IncrementalFormat`'s order of
  /// preference (the RFC's `pending`/`completed` first, which says when a stream ends;
  /// Apollo Router knows only `deferSpec=20220824`), else a single JSON response.
  public static let incrementalAccept =
    (IncrementalFormat.allCases.map(\.acceptedMediaType) + [GraphQLOverHTTP.accept]).joined(separator: ", ")

  /// POSTs `request` asking for `multipart/mixed` and yields each part's JSON body as it
  /// arrives, with the reply's status; a JSON reply yields once, read as a plain request's
  /// reply is. The headers, `prepare`, the `timeout` (for the whole reply) and
  /// `maximumResponseSize` (over all parts) apply as for a plain request; a redirect is not
  /// followed but fails as an HTTP failure. A body that breaks off before its closing
  /// delimiter, or a part that is not JSON, fails as malformed, naming where.
  func incrementalReplies(to request: GraphQLRequest) -> TransportReplies {
    let (stream, continuation) = TransportReplies.makeStream()
    let task = Task {
      do {
        try await withThrowingTaskGroup(of: Void.self) { group in
          group.addTask { try await self.deliver(request, into: continuation) }
          group.addTask {
            try await Task.sleep(for: self.timeout)
            throw TransportError(.transport, "The request took longer than \(self.timeout.timeInterval) seconds.")
          }
          try await group.next()
          group.cancelAll()
        }
        continuation.finish()
      } catch {
        continuation.finish(failing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }

  private func deliver(
    _ request: GraphQLRequest, into continuation: TransportReplies.Continuation
  ) async throws {
    var body: [UInt8] = []
    JSONWriter.write(request.body, into: &body)
    var urlRequest = try await urlRequest(.json(body), to: endpoint, with: request.headers, accept: Self.incrementalAccept)
    urlRequest.timeoutInterval = timeout.timeInterval + 1
    let limit = maximumResponseSize
    try await ResponseStreamDelegate.streaming(urlRequest, with: sessionSetup) { pieces in
      var reply = IncrementalReply(limit: limit)
      for try await piece in pieces {
        for payload in try reply.read(piece) { continuation.yield(.payload(TransportPayload(payload, status: reply.status))) }
      }
      if let payload = try reply.finish() { continuation.yield(.payload(TransportPayload(payload, status: reply.status))) }
    }
  }
}

/// Reads one reply to an incremental request: a `multipart/mixed` body part by part, or
/// anything else whole, as `GraphQLOverHTTP.responseBody` reads a reply.
struct IncrementalReply {
  private enum Body {
    case unknown
    case multipart(MultipartMixedParser)
    case whole(status: Int, contentType: String?, retryAfter: String?, bytes: [UInt8])
  }

  let limit: Int
  /// The reply's HTTP status, once its head arrived.
  private(set) var status: Int?
  private var body = Body.unknown
  private var received = 0

  init(limit: Int) {
    self.limit = limit
  }

  mutating func read(_ piece: ResponseStreamDelegate.Piece) throws -> [[UInt8]] {
    switch piece {
    case .head(let status, let contentType, let retryAfter):
      self.status = status
      if (200..<300).contains(status), let contentType, let boundary = MultipartMixedParser.boundary(ofContentType: contentType) {
        body = .multipart(MultipartMixedParser(boundary: boundary, maximumPartBytes: limit))
      } else {
        body = .whole(status: status, contentType: contentType, retryAfter: retryAfter, bytes: [])
      }
      return []
    case .body(let data):
      received += data.count
      guard received <= limit else { throw TransportError(.malformed, "The reply is over \(limit) bytes.") }
      switch body {
      case .unknown:
        throw TransportError(.malformed, "The reply's body came before its head.")
      case .multipart(var parser):
        body = .unknown
        let parts: [MultipartMixedParser.Part]
        do {
          parts = try parser.append(data)
        } catch {
          throw TransportError(.malformed, "The multipart reply is malformed: \(error)")
        }
        body = .multipart(parser)
        return try parts.compactMap(Self.payload)
      case .whole(let status, let contentType, let retryAfter, var bytes):
        body = .unknown
        bytes.append(contentsOf: data)
        body = .whole(status: status, contentType: contentType, retryAfter: retryAfter, bytes: bytes)
        return []
      }
    }
  }

  /// What is left once the body ended: a whole reply's payload, or a check that the
  /// multipart body closed.
  mutating func finish() throws -> [UInt8]? {
    switch body {
    case .unknown:
      throw TransportError(.transport, "The server closed the connection without a reply.")
    case .multipart(let parser):
      do {
        try parser.finish()
      } catch {
        throw TransportError(.malformed, "The multipart reply is malformed: \(error)")
      }
      return nil
    case .whole(let status, let contentType, let retryAfter, let bytes):
      return try GraphQLOverHTTP.responseBody(status: status, contentType: contentType, body: bytes, retryAfter: retryAfter)
    }
  }

  /// A part's JSON body; an empty part (a heartbeat some servers send) is none.
  private static func payload(_ part: MultipartMixedParser.Part) throws -> [UInt8]? {
    let isBlank = part.body.allSatisfy { $0 == 0x20 || $0 == 0x0D || $0 == 0x0A || $0 == 0x09 }
    if isBlank { return nil }
    let type = part.headers["content-type"]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
    guard type == nil || type == "application/json" || type?.hasSuffix("+json") == true else {
      throw TransportError(.malformed, "Part of the multipart reply is \(type ?? ""), not JSON.")
    }
    return part.body
  }
}
