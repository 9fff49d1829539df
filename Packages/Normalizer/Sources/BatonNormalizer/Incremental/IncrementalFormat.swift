/// A wire format of incremental delivery (`@defer`, `@stream`) that `IncrementalResponse`
/// reads, in the order a request prefers them. The response tells them apart by its first
/// payload (`pending` or not), not by the reply's `Content-Type`, whose parameters servers
/// set loosely (some name `deferSpec=20220824` over the newer format).
public enum IncrementalFormat: Sendable, Hashable, CaseIterable {
  /// The incremental-delivery RFC's format, Apollo's `incrementalSpec=v0.2`: the initial
  /// payload announces each part in `pending` (an `id`, `path` and `label`), later ones
  /// carry `incremental` entries naming that `id` and `completed` entries that end a part.
  /// graphql-js 17, graphql-core 3.3, GraphQL Yoga and Hive send it.
  case pendingAndCompleted
  /// Apollo's `deferSpec=20220824`: no `pending`; each `incremental` entry carries the
  /// `path` and `label` of its part (`data` for a deferred fragment, `items` for a stream
  /// with the path ending in the first item's index) and a part ends when its entry
  /// arrives, a stream when the reply does. Apollo Router, Apollo Server and
  /// graphql-js 17.0.0-alpha.2 send it.
  case deferSpec20220824

  /// The media range that asks a server for this format in `Accept`.
  public var acceptedMediaType: String {
    switch self {
    case .pendingAndCompleted: "multipart/mixed;incrementalSpec=v0.2"
    case .deferSpec20220824: "multipart/mixed;deferSpec=20220824"
    }
  }
}
