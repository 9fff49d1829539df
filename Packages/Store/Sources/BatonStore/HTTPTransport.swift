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
/// non-2xx is an HTTP failure; a 2xx body of another media type is malformed. A body
/// larger than `maximumResponseSize` is cut off and fails as malformed; a request that
/// takes longer than `timeout` in all fails as a transport error; cancelling the calling
/// task cancels the request.
public final class HTTPTransport: Transport {
  /// The GraphQL endpoint every request is POSTed to.
  public let endpoint: URL
  /// Headers added to every request (authorization, tracing); they may not replace
  /// `Content-Type` or `Accept`.
  public let headers: [String: String]
  /// The longest a request may take, start to last byte; then it fails as a transport error.
  public let timeout: Duration
  /// The largest body accepted, in bytes (default 64 MB); a larger one fails as malformed.
  public let maximumResponseSize: Int

  private let session: URLSession
  private let collector: ResponseCollector

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
    self.session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
  }

  deinit {
    session.invalidateAndCancel()
  }

  /// POSTs `request` and returns the GraphQL response body, or throws `TransportError`.
  public func send(_ request: GraphQLRequest) async throws -> [UInt8] {
    try Task.checkCancellation()
    var urlRequest = URLRequest(url: endpoint)
    urlRequest.httpMethod = "POST"
    for (name, value) in headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
    urlRequest.setValue("application/graphql-response+json, application/json;q=0.9", forHTTPHeaderField: "Accept")
    var body: [UInt8] = []
    JSONWriter.write(request.body, into: &body)
    urlRequest.httpBody = Data(body)
    let seconds = max(0.001, timeout.timeInterval)
    // URLSession's own timeout is an idle timeout and only a backstop; the timer below
    // bounds the whole exchange.
    urlRequest.timeoutInterval = seconds + 1

    let task = session.dataTask(with: urlRequest)
    let exchange = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ResponseCollector.Exchange, any Error>) in
        collector.begin(task, limit: maximumResponseSize, continuation: continuation)
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [collector] in
          collector.timeOut(task, after: seconds)
        }
        task.resume()
      }
    } onCancel: {
      collector.cancel(task)
    }
    return try Self.interpret(status: exchange.status, contentType: exchange.contentType, body: exchange.body)
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
