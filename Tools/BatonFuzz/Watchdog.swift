import Foundation

/// Ends the run when one input takes longer than `limit` seconds: a hang is a finding,
/// and it must not stall Tools/test.sh. The message names the input for `--show`.
final class Watchdog: @unchecked Sendable {  // `iteration` and `started` are guarded by `lock`
  private let lock = NSLock()
  private var iteration = 0
  private var started = Date()
  private let limit: TimeInterval

  init(limit: TimeInterval) {
    self.limit = limit
  }

  /// Notes that input `iteration` starts now.
  func begin(_ iteration: Int) {
    lock.lock()
    self.iteration = iteration
    started = Date()
    lock.unlock()
  }

  /// Checks once a second on a thread of its own.
  func start(seed: UInt64) {
    Thread.detachNewThread { [self] in
      while true {
        Thread.sleep(forTimeInterval: 1)
        lock.lock()
        let (current, elapsed) = (iteration, Date().timeIntervalSince(started))
        lock.unlock()
        if elapsed > limit {
          let message = "baton-fuzz: FINDING input #\(current) has run for \(Int(elapsed)) s: a hang; see it with --seed \(seed) --show \(current)\n"
          FileHandle.standardError.write(Data(message.utf8))
          exit(3)
        }
      }
    }
  }
}
