import BatonStore

/// What `FileImage` knows the image file and its change log hold: set by a load or a whole
/// write, moved on by each frame appended. Without it (before a load, after a failure or
/// an erase) the next write is a whole image.
struct ChangeLogState {
  /// The image file's generation, which the log's header must name.
  var generation: UInt32
  /// The image file's size: the log is compacted once it grows past half of it (or the
  /// two past the budget).
  var imageBytes: Int
  /// The log's length, all of it whole frames; 0 when the log on disk is not this
  /// generation's, so the next frame starts it anew.
  var logBytes: Int
  /// The operations after the last frame, least recently used first: a frame writes only
  /// those that changed.
  var operations: [OperationImage]

  /// Whether a frame of `frameBytes` would take the log past half the image, or the two
  /// past `maximumBytes`: then the write compacts the log into the image instead.
  func isFull(after frameBytes: Int, within maximumBytes: Int?) -> Bool {
    let log = logBytes + frameBytes
    return log > imageBytes / 2 || maximumBytes.map { imageBytes + log > $0 } ?? false
  }

  /// The generation of the next whole write: never the log's on disk, so its frames are
  /// never replayed over that image.
  static func nextGeneration(after state: ChangeLogState?) -> UInt32 {
    guard let state else { return UInt32.random(in: 1...UInt32.max) }
    return state.generation == UInt32.max ? 1 : state.generation + 1
  }
}
