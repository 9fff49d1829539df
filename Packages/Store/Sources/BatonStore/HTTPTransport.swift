import BatonNormalizer
import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// GraphQL over HTTP (https://graphql.github.io/graphql-over-http/draft/) on URLSession.
///
/// Sends a POST with a JSON body (`query`, `operationName`, `variables`, `extensions`,
/// `onError`) and `Accept: application/graphql-response+json, application/json;q=0.9`,
/// and reads the reply as that spec says: a 2xx JSON body is the response; a non-2xx JSON
/// body with errors and no data is a GraphQL response of request errors; anything else
/// non-2xx is an HTTP failure; a 2xx body of another media type is malformed.
///
/// - Limits: a body larger than `maximumResponseSize` once inflated (a gzip body counts
///   what it inflates to) is cut off there and fails as malformed; a request that takes
///   longer than `timeout` in all, redirects included, fails as a transport error;
///   cancelling the calling task cancels the request.
/// - Redirects: 307 and 308, which keep the POST and its body, are followed, at most
///   `maximumRedirects` in a row. `headers` go only to the endpoint's origin (scheme, host
///   and port): once a redirect leads elsewhere, the rest of the request goes without them,
///   so a server cannot send the app's credentials to another. 301, 302 and 303 would turn
///   the POST into a GET without the query, so they fail as HTTP failures instead.
public final class HTTPTransport: Transport {
  /// The GraphQL endpoint every request is POSTed to.
  public let endpoint: URL
  /// Headers added to every request to the endpoint's origin (authorization, tracing);
  /// they may not replace `Content-Type` or `Accept`, and are not sent after a redirect
  /// to another origin.
  public let headers: [String: String]
  /// The longest a request may take, from the start to the last byte of the reply,
  /// redirects included (default 60 seconds); then it fails as a transport error.
  public let timeout: Duration
  /// The largest body accepted, in bytes, counted after a compressed body inflates (default
  /// 64 MB); a larger one fails as malformed.
  public let maximumResponseSize: Int

  /// The most redirects followed for one request; one more fails as an HTTP failure.
  public static let maximumRedirects = 10

  private let session: URLSession
  private let collector: ResponseCollector

  /// A transport to `endpoint`, with the app's `headers` and the limits above.
  public init(
    endpoint: URL, headers: [String: String] = [:], timeout: Duration = .seconds(60),
    maximumResponseSize: Int = 64 * 1024 * 1024
  ) {
    self.endpoint = endpoint
    self.headers = headers
    self.timeout = timeout
    self.maximumResponseSize = maximumResponseSize
    let collector = ResponseCollector()
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    self.collector = collector
    #if canImport(FoundationNetworking)
      let delegateQueue: OperationQueue? = InlineOperationQueue()
    #else
      let delegateQueue: OperationQueue? = nil
    #endif
    self.session = URLSession(configuration: configuration, delegate: collector, delegateQueue: delegateQueue)
  }

  deinit {
    session.invalidateAndCancel()
  }

  /// POSTs `request` and returns the GraphQL response body, or throws `TransportError`.
  public func send(_ request: GraphQLRequest) async throws -> [UInt8] {
    try Task.checkCancellation()
    var body: [UInt8] = []
    JSONWriter.write(request.body, into: &body)
    let deadline = ContinuousClock.now + timeout
    var url = endpoint
    var sendsHeaders = true
    var redirects = 0
    while true {
      let exchange = try await post(body, to: url, withHeaders: sendsHeaders, until: deadline)
      guard let next = try Self.redirectTarget(of: exchange, from: url) else {
        return try Self.interpret(status: exchange.status, contentType: exchange.contentType, body: exchange.body)
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

  /// One exchange: POSTs `body` to `url` and gathers the reply, which may be a redirect.
  private func post(
    _ body: [UInt8], to url: URL, withHeaders sendsHeaders: Bool, until deadline: ContinuousClock.Instant
  ) async throws -> ResponseCollector.Exchange {
    var urlRequest = URLRequest(url: url)
    urlRequest.httpMethod = "POST"
    if sendsHeaders {
      for (name, value) in headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    }
    urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
    urlRequest.setValue("application/graphql-response+json, application/json;q=0.9", forHTTPHeaderField: "Accept")
    urlRequest.httpBody = Data(body)
    let total = max(0.001, timeout.timeInterval)
    let remaining = max(0.001, (deadline - ContinuousClock.now).timeInterval)
    // URLSession's own timeout is an idle timeout and only a backstop; the timer below
    // bounds the whole exchange.
    urlRequest.timeoutInterval = remaining + 1

    let task = session.dataTask(with: urlRequest)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ResponseCollector.Exchange, any Error>) in
        collector.begin(task, limit: maximumResponseSize, continuation: continuation)
        DispatchQueue.global().asyncAfter(deadline: .now() + remaining) { [collector] in
          collector.timeOut(task, after: total)
        }
        task.resume()
      }
    } onCancel: {
      collector.cancel(task)
    }
  }

  /// Reads a reply as the GraphQL-over-HTTP spec says; returns the GraphQL response body.
  static func interpret(status: Int, contentType: String?, body: [UInt8]) throws(TransportError) -> [UInt8] {
    let mediaType = contentType?.split(separator: ";").first.map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    } ?? ""
    let isJSON = mediaType == "application/json" || mediaType.hasSuffix("+json")
    if (200..<300).contains(status) {
      guard isJSON else {
        throw TransportError(.malformed, "HTTP \(status) answered \(mediaType.isEmpty ? "no media type" : mediaType), not JSON")
      }
      return body
    }
    if isJSON, let json = try? JSONReader.parse(body), case .array(let errors)? = json["errors"], !errors.isEmpty {
      switch json["data"] {
      case nil, .null?: return body
      default: break
      }
    }
    let text = String(decoding: body.prefix(200), as: UTF8.self)
    throw TransportError(.http(status: status), "HTTP \(status)" + (text.isEmpty ? "" : ": \(text)"))
  }
}
