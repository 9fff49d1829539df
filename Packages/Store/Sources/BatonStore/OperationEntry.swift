import BatonNormalizer
import BatonTransport
import Foundation

/// One request the store tracks: its image (what persists), what a fetch needs, who holds
/// it, and where its fetch is.
struct OperationEntry {
  /// The wake-up that shows the data turning stale by age: its task sleeps on the
  /// environment's clock until `deadline`. Replaced (and the old task cancelled) when the
  /// deadline moves, and cancelled when the last holder goes.
  struct StaleTimer {
    let id: Int
    let deadline: Date
    var task: Task<Void, Never>?
  }

  var image: OperationImage
  /// The handle whose seen records `image.seenRecords` is, the very set: the store lets go
  /// of it before that handle's set changes, so that the change is made in place.
  var seenRecordsOf: Int?
  /// Known once a handle has watched the request; an entry loaded from the image has none.
  var reader: OperationRead? {
    get { watched?.reader }
    set { watched = Watched(reader: newValue, request: request) }
  }
  var request: GraphQLRequest? {
    get { watched?.request }
    set { watched = Watched(reader: reader, request: newValue) }
  }
  /// The reader and request in a box of their own: most entries an image of a large store
  /// loads are never watched, and held inline the two took 216 of an entry's 480 bytes, in
  /// a table of every operation the store tracks.
  private var watched: Watched?

  private final class Watched: Sendable {
    let reader: OperationRead?
    let request: GraphQLRequest?

    init?(reader: OperationRead?, request: GraphQLRequest?) {
      guard reader != nil || request != nil else { return nil }
      self.reader = reader
      self.request = request
    }
  }
  var staleAfter: Duration?
  var holders: Set<Int> = []
  var networkHolders = 0
  var lifecycle: FetchLifecycle = .idle
  /// A fetch that settled on its initial payload and still writes the later ones (`@defer`,
  /// `@stream`); the last holder's going cancels it, as it does a fetch in flight. Beside
  /// the lifecycle, not a state of it: a refetch may begin while these still arrive.
  var increments: FetchLifecycle.Fetch?
  var staleTimer: StaleTimer?
  /// Whether a heal already refetched since the last fetch succeeded (heal once per fetch).
  /// Beside the lifecycle: it outlasts the heal's own fetch, and a page heal runs none.
  var healedSinceFetch = false
  /// How many fetches settled, a count the handles compare rather than a state.
  var settledFetches = 0

  init(image: OperationImage) {
    self.image = image
  }

  /// Makes `seen`, handle `id`'s seen records, the image's; `true` when they differ from
  /// what the image had.
  mutating func keepSeenRecords(_ seen: Set<RecordID>, of id: Int) -> Bool {
    seenRecordsOf = id
    guard image.seenRecords != seen else { return false }
    image.seenRecords = seen
    return true
  }

  /// When the holders must be told the data turned stale: the age deadline, while there
  /// are holders, the data is not already marked stale and the deadline is still ahead.
  func staleWakeUp(staleAfter fallback: Duration?, now: Date) -> Date? {
    guard !holders.isEmpty, !image.isMarkedStale, let deadline = status(staleAfter: fallback).staleDeadline,
      deadline > now
    else { return nil }
    return deadline
  }

  /// The fetch as handles show it.
  var fetch: FetchState { lifecycle.state }

  func status(staleAfter fallback: Duration?) -> OperationStatus {
    let staleAfter = self.staleAfter ?? fallback
    var deadline: Date?
    if let fetchedAt = image.fetchedAt, let staleAfter { deadline = fetchedAt.addingTimeInterval(staleAfter.timeInterval) }
    return OperationStatus(
      fetch: fetch, fetchedAt: image.fetchedAt, isMarkedStale: image.isMarkedStale, staleDeadline: deadline,
      operationErrors: image.operationErrors, settledFetches: settledFetches)
  }
}
