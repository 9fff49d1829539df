import BatonNormalizer
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
  /// A 2xx JSON body is the response; a non-2xx JSON body with errors and no data is a
  /// GraphQL response of request errors; anything else non-2xx is an HTTP failure, which
  /// carries the server's `Retry-After` (seconds or an HTTP date, read against `now`);
  /// a 2xx body of another media type is malformed.
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
    if isJSON, let json = try? JSONReader.parse(body), case .array(let errors)? = json["errors"], !errors.isEmpty {
      switch json["data"] {
      case nil, .null?: return body
      default: break
      }
    }
    let text = String(decoding: body.prefix(200), as: UTF8.self)
    throw TransportError(
      .http(status: status), "HTTP \(status)" + (text.isEmpty ? "" : ": \(text)"),
      retryAfter: retryAfter.flatMap { retryDelay($0, now: now) })
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
