import BatonImage
import BatonStore
import Foundation

extension GraphQLEnvironment {
  /// Flushes until the image file holds exactly the records the store holds.
  ///
  /// A handle's snapshot can show a commit a moment before the environment hands that
  /// commit's image to the persistence (the lock is released in between), so right after
  /// a handle settles one flush may come too early; under the thread sanitizer it does.
  func flushUntilSaved(to url: URL, within seconds: Double = 10) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      flush()
      if try FileImage(at: url).load()?.records == records { return }
      guard Date() < deadline else { throw ImageBehindStore() }
      try await Task.sleep(for: .milliseconds(20))
    }
  }
}
