@_spi(Development) import BatonNormalizer
import Foundation

/// How GraphQL over HTTP (https://graphql.github.io/graphql-over-http/draft/) reads a reply:
/// the one place that decides what a status code and a media type mean. `HTTPTransport`
/// reads every reply here, and so should any transport that speaks HTTP (multipart,
/// a custom session), so that all of them fail the same way for the same reply.
public enum GraphQLOverHTTP {
  /// The `Accept` header a GraphQL-over-HTTP client sends.
  public static let accept = "application/graphql-response+json, application/json;q=0.9"

  /// The GraphQL response body of a reply, or the `TransportError` that says why it has none.
  ///
  /// A 2xx JSON body is the response. A non-2xx `application/graphql-response+json` body
  /// with errors and no data is a GraphQL response of request errors. Anything else
  /// non-2xx is an HTTP failure, `application/json` included: the spec tells a client not
  /// to rely on such a body (a proxy or a framework may have written it), so its errors'
  /// messages are only the failure's detail. The failure carries the server's
  /// `Retry-After` (seconds or an HTTP date, read against `now`). A 2xx body of another
  /// media type is malformed.
  public static func responseBody(
    status: Int, contentType: String?, body: [UInt8], retryAfter: String? = nil, now: Date = Date()
  ) throws(TransportError) -> [UInt8] {
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
    let messages = isJSON ? requestErrorMessages(body) : nil
    if mediaType == graphQLResponseJSON, let messages, !messages.isEmpty { return body }
    let detail = messages.map { $0.joined(separator: "; ") } ?? String(decoding: body.prefix(200), as: UTF8.self)
    throw TransportError(
      .http(status: status), "HTTP \(status)" + (detail.isEmpty ? "" : ": \(detail)"),
      retryAfter: retryAfter.flatMap { retryDelay($0, now: now) })
  }

  /// The media type of a GraphQL response, the only one whose non-2xx body is read.
  static let graphQLResponseJSON = "application/graphql-response+json"

  /// The messages of a body that is a GraphQL response of request errors (errors and no
  /// data); `nil` for any other body.
  private static func requestErrorMessages(_ body: [UInt8]) -> [String]? {
    guard let json = try? JSONReader.parse(body), case .array(let errors)? = json["errors"], !errors.isEmpty else {
      return nil
    }
    switch json["data"] {
    case nil, .null?: return errors.map { $0["message"]?.stringValue ?? JSONWriter.string($0) }
    default: return nil
    }
  }

  /// A `Retry-After` value as a wait: delay-seconds, or an HTTP date less `now` (never
  /// negative); `nil` for a value that is neither.
  public static func retryDelay(_ value: String, now: Date) -> Duration? {
    let text = value.trimmingCharacters(in: .whitespaces)
    if let seconds = Int(text), seconds >= 0 { return .seconds(seconds) }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: text) else { return nil }
    return .seconds(max(0, date.timeIntervalSince(now).rounded(.up)))
  }
}
