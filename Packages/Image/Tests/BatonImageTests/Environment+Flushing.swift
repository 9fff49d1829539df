import BatonImage
import BatonStore
import Foundation

extension Environment {
  /// Flushes until the image file holds the records the store holds.
  ///
  /// A commit reaches `Persistence.save(_:)` just after its handles hear of it, so right
  /// after a handle settles the last image may still be on its way to the persistence.
  func flushUntilSaved(to url: URL, within seconds: Double = 10) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      flush()
      if try FileImage(at: url).load()?.records == records { return }
      guard Date() < deadline else { throw WaitTimedOut(description: "the file never caught up with the store") }
      try await Task.sleep(for: .milliseconds(20))
    }
  }
}
