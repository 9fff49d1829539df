import BatonImage
import BatonStore
import Foundation

extension Environment {
  /// Flushes, then checks the file holds exactly the records the store holds: the store
  /// saves before its handles hear of a change, so a settled handle's data is in the next
  /// flush.
  func flushAndCheckSaved(to url: URL) throws {
    flush()
    guard try FileImage(at: url).load()?.records == records else { throw ImageBehindStore() }
  }
}
