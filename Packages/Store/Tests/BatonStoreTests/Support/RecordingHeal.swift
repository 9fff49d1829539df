import BatonStore
import Synchronization

/// A heal policy that says yes (or no) and remembers what it was asked and told.
final class RecordingHeal: HealPolicy {
  let answer: Bool
  private let asked = Mutex<[HealRequest]>([])
  private let told = Mutex<[String]>([])

  init(answer: Bool) {
    self.answer = answer
  }

  var requests: [HealRequest] { asked.withLock { $0 } }

  /// The reasons of every `missingDataNotRefetched`, oldest first.
  var skipReasons: [String] { told.withLock { $0 } }

  func shouldRefetch(_ request: HealRequest) -> Bool {
    asked.withLock { $0.append(request) }
    return answer
  }

  func missingDataNotRefetched(_ request: HealRequest, reason: String) {
    told.withLock { $0.append(reason) }
  }
}
