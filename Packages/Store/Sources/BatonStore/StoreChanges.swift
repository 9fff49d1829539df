import BatonNormalizer
import BatonTransport
import Foundation

/// The work a change to the store leaves for after its lock is released: handles to
/// notify, events to log, an image to save, fetches and stale timers to start, heals to
/// ask about or skip.
struct StoreChanges {
  /// A fetch the store has marked in flight; the environment starts its task.
  struct FetchStart {
    let key: String
    let id: Int
    let request: GraphQLRequest
    let reader: OperationRead
    /// Started by a heal: what its response leaves missing is not healed again.
    var isHeal = false
  }

  /// A stale timer the store has set; the environment starts its task.
  struct StaleTimerStart {
    let key: String
    let id: Int
    let deadline: Date
  }

  /// An operation whose fetched data reads as missing, for the heal policy.
  struct HealCandidate {
    let key: String
    let request: HealRequest
    /// Its reader, which knows where each fragment that read missing data is declared.
    let reader: OperationRead?
  }

  /// Missing data that will not be refetched whatever the heal policy would answer, and
  /// why: the policy is told, and a runtime issue raised.
  struct SkippedHeal {
    let request: HealRequest
    let reason: String
    let reader: OperationRead?
  }

  var deliveries: [any HandleSink] = []
  /// Every handle the store took a strong reference to while locked. Kept until the lock
  /// is released, so a handle whose holder dropped it meanwhile runs its `deinit` (which
  /// takes the lock) outside.
  var retained: [any HandleSink] = []
  var logs: [LogEvent] = []
  var image: (version: Int, change: ImageChange)?
  /// The version of the latest image taken when these changes were: what they show is in
  /// it, so it is handed to persistence before any handle hears of them.
  var imageVersion = 0
  var fetches: [FetchStart] = []
  var staleTimers: [StaleTimerStart] = []
  var heals: [HealCandidate] = []
  var pageHeals: [PageHeal] = []
  var skippedHeals: [SkippedHeal] = []
}
