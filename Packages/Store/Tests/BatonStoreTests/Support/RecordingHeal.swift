import BatonStore
import Synchronization

/// A heal policy that says yes (or no) and remembers what it was asked.
final class RecordingHeal: HealPolicy {
  let answer: Bool
  private let asked = Mutex<[HealRequest]>([])

  init(answer: Bool) {
    self.answer = answer
  }

  var requests: [HealRequest] { asked.withLock { $0 } }

  func shouldRefetch(_ request: HealRequest) -> Bool {
    asked.withLock { $0.append(request) }
    return answer
  }
}
