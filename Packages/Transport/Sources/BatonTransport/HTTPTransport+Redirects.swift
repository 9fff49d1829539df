import Foundation

extension HTTPTransport {
  /// Where a reply redirects the POST: the `Location` of a 307 or 308, resolved against
  /// `url`; `nil` for a reply that is no redirect to follow.
  ///
  /// - Throws: for a 307 or 308 without an `http` or `https` URL to go to, and for a 301,
  ///   302 or 303, which would turn the POST into a GET without the query.
  static func redirectTarget(of exchange: ResponseCollector.Exchange, from url: URL) throws(TransportError) -> URL? {
    let status = exchange.status
    switch status {
    case 307, 308:
      guard let location = exchange.location, let target = URL(string: location, relativeTo: url)?.absoluteURL,
        let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https", target.host != nil
      else {
        let named = exchange.location.map { "to \"\($0)\"" } ?? "without a Location"
        throw TransportError(.http(status: status), "HTTP \(status) redirects \(named), which is not an HTTP URL")
      }
      return target
    case 301, 302, 303:
      let named = exchange.location.map { " to \($0)" } ?? ""
      throw TransportError(
        .http(status: status),
        "HTTP \(status) redirects\(named); only 307 and 308 are followed, as they keep the POST and its body")
    default:
      return nil
    }
  }

  /// Whether two URLs share an origin: scheme, host and port, the port defaulted by scheme.
  static func sameOrigin(_ one: URL, _ other: URL) -> Bool {
    func origin(_ url: URL) -> (scheme: String, host: String, port: Int?) {
      let scheme = url.scheme?.lowercased() ?? ""
      let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
      return (scheme, url.host?.lowercased() ?? "", port)
    }
    return origin(one) == origin(other)
  }
}
