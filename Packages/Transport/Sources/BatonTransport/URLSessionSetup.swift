import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The app's own URLSession set-up, which `HTTPTransport`, `GraphQLSSETransport` and
/// `GraphQLMultipartSubscriptionTransport` make their sessions with: its configuration
/// (proxies, TLS settings, extra headers, timeouts, protocol classes) and a delegate that
/// hears what the app cares about for every request they send.
///
/// A URLSession's delegate belongs to whoever made the session, and Baton's must gather
/// each reply, so the transports make their sessions from `configuration` with a delegate
/// of their own that passes on, to `delegate`:
/// - authentication challenges, session-wide and per task (certificate pinning, client
///   certificates); one `delegate` does not answer is handled as URLSession does by default;
/// - the metrics of each task;
/// - upload progress (`didSendBodyData`);
/// - each task's end (`didCompleteWithError`), for plain requests, `@defer` and `@stream`
///   replies, uploads and subscription streams alike.
///
/// The reply's bytes and redirects stay Baton's: `HTTPTransport` reads each body itself and
/// decides where a redirect may take the app's headers.
public struct URLSessionSetup: @unchecked Sendable {
  // @unchecked: the configuration is a private copy that nothing changes after init.

  /// The configuration the sessions are made with (a copy of the one passed in).
  public let configuration: URLSessionConfiguration
  /// The app's delegate, which the calls above are passed on to.
  public let delegate: (any URLSessionTaskDelegate)?

  /// A set-up of `configuration` (by default an ephemeral one that neither reads nor
  /// writes a URL cache) and `delegate`.
  public init(configuration: URLSessionConfiguration? = nil, delegate: (any URLSessionTaskDelegate)? = nil) {
    if let configuration {
      self.configuration = (configuration.copy() as? URLSessionConfiguration) ?? configuration
    } else {
      let ephemeral = URLSessionConfiguration.ephemeral
      ephemeral.requestCachePolicy = .reloadIgnoringLocalCacheData
      ephemeral.urlCache = nil
      self.configuration = ephemeral
    }
    self.delegate = delegate
  }
}
