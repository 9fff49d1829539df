import BatonNormalizer
import BatonStore
import Foundation

/// One operation as the inspector shows it: which request, when it fetched, whether it is
/// stale and why, how its last fetch went and which records its last read reached.
public struct InspectedOperation: Sendable, Hashable {
  /// What a holder of the operation would see now.
  public enum Phase: String, Sendable, Hashable {
    /// Its last read reached records: a handle shows data.
    case ready
    /// No data yet and a fetch in flight.
    case loading
    /// No data, and the last fetch failed.
    case failed
    /// No data and nothing in flight: never read, or read nothing.
    case empty
  }

  /// The last fetch, as `FetchState` says it, in words for the page.
  public enum Fetch: Sendable, Hashable {
    /// Nothing in flight; the last fetch, if any, succeeded.
    case idle
    /// A fetch in flight since that time.
    case inFlight(since: Date)
    /// The last attempt failed and attempt `attempt` goes at `next`; data shown stays.
    case retrying(attempt: Int, next: Date)
    /// A subscription's connection is down since that time; attempt `attempt` re-establishes it.
    case reconnecting(since: Date, attempt: Int)
    /// The last fetch failed at that time, for that reason.
    case failed(at: Date, reason: String)
  }

  /// The store's identity of the request: operation id and canonical variables.
  public var key: String
  /// The stable operation id (SHA-256 of its text).
  public var operationID: String
  /// The operation's name.
  public var name: String
  /// The variables sent with it.
  public var variables: [String: JSONValue]
  /// When its last successful fetch was committed.
  public var fetchedAt: Date?
  /// Whether `invalidate(record:)`, `invalidateAll()` or a heal marked it stale.
  public var isMarkedStale: Bool
  /// When it turns stale by age, if its data ages.
  public var staleDeadline: Date?
  /// The last fetch.
  public var fetch: Fetch
  /// The records its last read saw, sorted.
  public var seenRecords: [RecordID]
  /// Errors of the last response that belong to the operation, not to a field.
  public var operationErrors: [FieldError]
  /// How many handles hold it; `nil` when unknown (an image keeps no handles).
  public var holders: Int?

  /// An operation as an image holds it; `staleAfter` is how long its fetch stays fresh.
  public init(_ image: OperationImage, staleAfter: Duration?, fetch: Fetch = .idle, holders: Int? = nil) {
    key = image.key
    operationID = image.operationID
    name = image.name
    variables = image.variables
    fetchedAt = image.fetchedAt
    isMarkedStale = image.isMarkedStale
    if let fetchedAt = image.fetchedAt, let staleAfter {
      let seconds = Double(staleAfter.components.seconds) + Double(staleAfter.components.attoseconds) / 1e18
      staleDeadline = fetchedAt.addingTimeInterval(seconds)
    } else {
      staleDeadline = nil
    }
    self.fetch = fetch
    seenRecords = image.seenRecords.sorted()
    operationErrors = image.operationErrors
    self.holders = holders
  }

  /// What a holder sees now.
  public var phase: Phase {
    if !seenRecords.isEmpty { return .ready }
    switch fetch {
    case .inFlight, .retrying, .reconnecting: return .loading
    case .failed: return .failed
    case .idle: return .empty
    }
  }

  /// Whether a handle of it would say `isStale` at `now`.
  public func isStale(at now: Date) -> Bool {
    !staleReasons(at: now).isEmpty
  }

  /// Why it is stale at `now`, one sentence each; empty when it is current.
  public func staleReasons(at now: Date) -> [String] {
    var reasons: [String] = []
    if isMarkedStale {
      reasons.append("Marked stale by invalidate(record:), invalidateAll() or a heal, until its next fetch.")
    }
    if let staleDeadline, now >= staleDeadline, let fetchedAt {
      let age = Int(now.timeIntervalSince(fetchedAt).rounded())
      let limit = Int(staleDeadline.timeIntervalSince(fetchedAt).rounded())
      reasons.append("Fetched \(age) s ago; staleAfter is \(limit) s.")
    }
    return reasons
  }
}

extension InspectedOperation.Fetch {
  /// `idle`, `inFlight`, `retrying`, `reconnecting` or `failed`: the page's badge.
  var label: String {
    switch self {
    case .idle: "idle"
    case .inFlight: "inFlight"
    case .retrying: "retrying"
    case .reconnecting: "reconnecting"
    case .failed: "failed"
    }
  }

  /// The fetch state of a live environment.
  init(_ state: FetchState) {
    switch state {
    case .idle: self = .idle
    case .inFlight(let since): self = .inFlight(since: since)
    case .retrying(let attempt, let next): self = .retrying(attempt: attempt, next: next)
    case .reconnecting(let since, let attempt): self = .reconnecting(since: since, attempt: attempt)
    case .failed(let failure): self = .failed(at: failure.at, reason: failure.description)
    }
  }
}
