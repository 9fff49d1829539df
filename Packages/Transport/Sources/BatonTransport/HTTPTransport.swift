// Apple-only in part: on Apple platforms the session's delegate queue is URLSession's own
// (nil, a serial queue it makes); FoundationNetworking gets `InlineOperationQueue`.
@_spi(Development) import BatonNormalizer
import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// GraphQL over HTTP (https://graphql.github.io/graphql-over-http/draft/) on URLSession.
///
/// Sends a POST with a JSON body (`query`, `operationName`, `variables`, `extensions`,
/// `onError`) and `Accept: application/graphql-response+json, application/json;q=0.9`,
/// and reads the reply with `GraphQLOverHTTP.responseBody`: a 2xx JSON body is the
/// response; a non-2xx JSON body with errors and no data is a GraphQL response of request
/// errors; anything else non-2xx is an HTTP failure; a 2xx body of another media type is
/// malformed.
///
/// - Chain: `prepare` runs before every exchange with the endpoint's origin and may change
///   the `URLRequest` (headers that rotate, tracing); the request's own `headers` (which
///   parts such as `AuthPart` add) are set before it. Compose parts in front with
///   `TransportChain`.
/// - GET: with `usesGETForQueries`, a query goes as a GET with the parameters in the URL
///   (cacheable by a CDN, above all with persisted queries), unless the URL would be
///   longer than `maximumGETLength`; then it goes as a POST. Mutations always POST.
/// - Limits: a body larger than `maximumResponseSize` once inflated (a gzip body counts
///   what it inflates to) is cut off there and fails as malformed; a request that takes
///   longer than `timeout` in all, redirects included, fails as a transport error (an
///   upload's body counts only while it stalls);
///   cancelling the calling task cancels the request.
/// - Redirects: 307 and 308, which keep the method and the body, are followed, at most
///   `maximumRedirects` in a row. `headers`, the request's headers and `prepare` go only to
///   the endpoint's origin (scheme, host and port): once a redirect leads elsewhere, the
///   rest of the request goes without them, so a server cannot send the app's credentials
///   to another. 301, 302 and 303 would turn the POST into a GET without the query, so they
///   fail as HTTP failures instead.
public final class HTTPTransport: Transport {
  /// The GraphQL endpoint every request is POSTed to.
  public let endpoint: URL
  /// Headers added to every request to the endpoint's origin (authorization, tracing);
  /// they may not replace `Content-Type` or `Accept`, and are not sent after a redirect
  /// to another origin.
  public let headers: [String: String]
  /// The longest a request may take, from the start to the last byte of the reply,
  /// redirects included (default 60 seconds); then it fails as a transport error. An
  /// upload's body is the exception: while it goes, the wait starts again with each piece
  /// sent (so only a stalled upload fails), and the reply has `timeout` from its last byte.
  public let timeout: Duration
  /// The largest body accepted, in bytes, counted after a compressed body inflates (default
  /// 64 MB); a larger one fails as malformed.
  public let maximumResponseSize: Int
  /// Whether queries go as GET requests (mutations and subscriptions always POST).
  public let usesGETForQueries: Bool
  /// The longest GET URL sent, in bytes (default 2,048, which every CDN and proxy takes);
  /// a query whose URL would be longer goes as a POST.
  public let maximumGETLength: Int
  /// Runs before each exchange with the endpoint's origin, after the headers are set.
  let prepare: (@Sendable (inout URLRequest) async throws -> Void)?

  /// The most redirects followed for one request; one more fails as an HTTP failure.
  public static let maximumRedirects = 10

  /// The app's URLSession set-up every request goes through (see `URLSessionSetup`).
  public let sessionSetup: URLSessionSetup
  private let session: URLSession
  private let collector: ResponseCollector

  /// A transport to `endpoint`, with the app's `headers`, the limits above, GET for queries
  /// if asked, `prepare` to change each `URLRequest` to the endpoint's origin before it
  /// goes (a header that rotates, a trace id; a thrown error fails the request as a
  /// transport error), and the app's URLSession configuration and delegate in `session`.
  public init(
    endpoint: URL, headers: [String: String] = [:], timeout: Duration = .seconds(60),
    maximumResponseSize: Int = 64 * 1024 * 1024, usesGETForQueries: Bool = false, maximumGETLength: Int = 2048,
    session: URLSessionSetup = URLSessionSetup(), prepare: (@Sendable (inout URLRequest) async throws -> Void)? = nil
  ) {
    self.endpoint = endpoint
    self.headers = headers
    self.timeout = timeout
    self.maximumResponseSize = maximumResponseSize
    self.usesGETForQueries = usesGETForQueries
    self.maximumGETLength = maximumGETLength
    self.prepare = prepare
    self.sessionSetup = session
    let collector = ResponseCollector(forwarding: AppDelegateForwarding(delegate: session.delegate))
    self.collector = collector
    #if canImport(FoundationNetworking)
      let delegateQueue: OperationQueue? = InlineOperationQueue()
    #else
      let delegateQueue: OperationQueue? = nil
    #endif
    self.session = URLSession(configuration: session.configuration, delegate: collector, delegateQueue: delegateQueue)
  }

  deinit {
    session.invalidateAndCancel()
  }

  /// Sends `request` and gives the GraphQL response: one payload with the reply's status,
  /// or, for a request that `usesIncrementalDelivery`, each part of a `multipart/mixed`
  /// reply as it arrives (see `incrementalAccept`); or throws `TransportError`. A request
  /// with `uploads` goes as a GraphQL multipart request (see `uploadReplies(to:)`).
  public func send(_ request: GraphQLRequest, in context: TransportContext) -> TransportReplies {
    if !request.uploads.isEmpty { return uploadReplies(to: request) }
    if request.usesIncrementalDelivery { return incrementalReplies(to: request) }
    return .payload { try await self.response(to: request) }
  }

  /// Sends `request` (a POST, or a GET for a query when enabled; a multipart POST when
  /// `upload` is its body) and returns the GraphQL response, or throws `TransportError`.
  func response(
    to request: GraphQLRequest, upload: MultipartUploadBody? = nil, progress: ResponseCollector.Progress? = nil
  ) async throws -> TransportPayload {
    try Task.checkCancellation()
    var body = RequestBody.none
    if let upload {
      body = .multipart(upload)
    } else {
      var json: [UInt8] = []
      JSONWriter.write(request.body, into: &json)
      body = .json(json)
    }
    let deadline = ContinuousClock.now + timeout
    var url = endpoint
    if upload == nil, usesGETForQueries, request.kind == .query, let get = Self.getURL(endpoint, request),
      get.absoluteString.utf8.count <= maximumGETLength
    {
      url = get
      body = .none
    }
    var sendsHeaders = true
    var redirects = 0
    while true {
      let exchange = try await exchange(
        body, to: url, with: sendsHeaders ? request.headers : nil, until: deadline, progress: progress)
      guard let next = try Self.redirectTarget(of: exchange, from: url) else {
        let body = try GraphQLOverHTTP.responseBody(
          status: exchange.status, contentType: exchange.contentType, body: exchange.body, retryAfter: exchange.retryAfter)
        return TransportPayload(
          body, status: exchange.status, maxAge: TransportPayload.maxAge(cacheControl: exchange.cacheControl))
      }
      guard redirects < Self.maximumRedirects else {
        throw TransportError(
          .http(status: exchange.status), "HTTP \(exchange.status): more than \(Self.maximumRedirects) redirects in a row")
      }
      redirects += 1
      sendsHeaders = sendsHeaders && Self.sameOrigin(next, endpoint)
      url = next
    }
  }

  /// One exchange: sends `body` (none for a GET) to `url` and gathers the reply, which may
  /// be a redirect. `requestHeaders` is `nil` past a redirect to another origin: then no
  /// header of the app's goes, and `prepare` does not run. A multipart body is streamed
  /// from its file, telling `progress` how far it went.
  private func exchange(
    _ body: RequestBody, to url: URL, with requestHeaders: [String: String]?,
    until deadline: ContinuousClock.Instant, progress: ResponseCollector.Progress?
  ) async throws -> ResponseCollector.Exchange {
    var urlRequest = try await urlRequest(body, to: url, with: requestHeaders, accept: GraphQLOverHTTP.accept)
    // URLSession's own timeout is an idle timeout and only a backstop; the collector's
    // deadline bounds the whole exchange.
    urlRequest.timeoutInterval = max(0.001, (deadline - ContinuousClock.now).timeInterval) + 1

    let task: URLSessionTask
    if case .multipart(let upload) = body {
      task = try upload.task(in: session, for: urlRequest)
    } else {
      task = session.dataTask(with: urlRequest)
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ResponseCollector.Exchange, any Error>) in
        collector.begin(
          task, limit: maximumResponseSize, progress: progress, deadline: deadline, timeout: timeout,
          continuation: continuation)
        task.resume()
      }
    } onCancel: {
      collector.cancel(task)
    }
  }

  /// The GET URL of `request`: the endpoint with `query`, `operationName`, `variables`,
  /// `extensions` and `onError` in its query string, JSON where the value is an object.
  static func getURL(_ endpoint: URL, _ request: GraphQLRequest) -> URL? {
    guard case .object(let members) = request.body,
      var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
    else { return nil }
    // Only the unreserved characters stay as they are: a `+` or `&` in the text must not
    // read as a space or a separator.
    var unreserved = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
    unreserved.insert(charactersIn: "-._~")
    let items = members.map { member -> String in
      let value: String
      if case .string(let text) = member.value { value = text } else { value = JSONWriter.string(member.value) }
      let name = member.key.addingPercentEncoding(withAllowedCharacters: unreserved) ?? member.key
      return name + "=" + (value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "")
    }
    let existing = components.percentEncodedQuery.map { [$0] } ?? []
    components.percentEncodedQuery = (existing + items).joined(separator: "&")
    return components.url
  }
}

extension HTTPTransport {
  /// What a request carries: nothing (a GET), JSON, or a multipart body in a file, which the
  /// exchange streams from disk.
  enum RequestBody {
    case none
    case json([UInt8])
    case multipart(MultipartUploadBody)
  }

  /// The request of one exchange: a GET without `body`, else a POST of it, `accept`, and,
  /// while `requestHeaders` is not `nil` (it is past a redirect to another origin), the
  /// transport's and the request's headers and `prepare`'s changes. A cancellation in
  /// `prepare` stays one; any other failure there is the transport's.
  func urlRequest(
    _ body: RequestBody, to url: URL, with requestHeaders: [String: String]?, accept: String
  ) async throws -> URLRequest {
    var urlRequest = URLRequest(url: url)
    if let requestHeaders {
      for (name, value) in headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
      for (name, value) in requestHeaders { urlRequest.setValue(value, forHTTPHeaderField: name) }
    }
    switch body {
    case .none:
      urlRequest.httpMethod = "GET"
    case .json(let bytes):
      urlRequest.httpMethod = "POST"
      urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
      urlRequest.httpBody = Data(bytes)
    case .multipart(let upload):
      urlRequest.httpMethod = "POST"
      urlRequest.setValue(upload.contentType, forHTTPHeaderField: "Content-Type")
      urlRequest.setValue(String(upload.size), forHTTPHeaderField: "Content-Length")
      // Servers that guard against cross-site request forgery (Apollo Server, GraphQL Yoga)
      // take a multipart POST only with a header a plain HTML form cannot send.
      urlRequest.setValue("true", forHTTPHeaderField: "Apollo-Require-Preflight")
    }
    urlRequest.setValue(accept, forHTTPHeaderField: "Accept")
    guard requestHeaders != nil, let prepare else { return urlRequest }
    do {
      try await prepare(&urlRequest)
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      throw TransportError(.transport, "preparing the request failed: \(error)")
    }
    return urlRequest
  }
}
