import BatonNormalizer
import BatonStore
// The POSIX calls (open, lseek, ftruncate, fsync, unlink) come with Foundation, which
// brings Glibc here and Darwin on Apple platforms.
import Foundation

extension FileImage {
  /// Writes `image` whole as a new generation, then removes the old log: the next frame
  /// starts a new one. Runs on `writes`.
  ///
  /// With `collecting`, the records no operation reaches are left out: what a whole image
  /// given to `save(_ image:)` gets. A compaction of changes writes the records as the
  /// store holds them, so that later frames, which write only what changed, apply to what
  /// the store has (a record no operation reaches now may be read later, unchanged); the
  /// store collects its own garbage and hands the removals over.
  ///
  /// A kill between the two leaves the new image beside the old log, whose header names
  /// the old generation: its frames, all in the new image already, are not replayed.
  func writeWhole(_ image: StoreImage, collecting: Bool) throws(ImageError) {
    let interval = Signposts.image.begin("image save")
    defer { Signposts.image.end(interval) }
    let generation = ChangeLogState.nextGeneration(after: files.withLock { $0 })
    let (parts, dropped) = ImageEncoder.encodeParts(collecting ? image.collectingGarbage() : image, generation: generation)
    report(dropped)
    files.withLock { $0 = nil }
    try AtomicFile.replace(url, with: parts)
    // Not synced: if the removal is lost, the old log names the old generation.
    unlink(logURL.path)
    let state = ChangeLogState(generation: generation, imageBytes: parts.reduce(0) { $0 + $1.count }, logBytes: 0, operations: image.operations)
    files.withLock { $0 = state }
  }

  /// Appends what `change` changed to the log as one frame, durably, or writes the image
  /// whole when the files' state is unknown or the frame would take the log past half the
  /// image, or the two past `maximumBytes`.
  /// Runs on `writes`.
  func append(_ change: ImageChange) throws(ImageError) {
    guard var state = files.withLock({ $0 }) else { return try writeWhole(change.image, collecting: false) }
    let interval = Signposts.image.begin("image append")
    defer { Signposts.image.end(interval) }
    let (frame, dropped) = ChangeFrame(change, after: state.operations).encoded()
    guard !state.isFull(after: frame.count, within: maximumBytes) else {
      return try writeWhole(change.image, collecting: false)
    }
    report(dropped)
    do {
      if state.logBytes == 0 {
        let log = ChangeLogFormat.header(generation: state.generation) + frame
        try AtomicFile.replace(logURL, with: log)
        state.logBytes = log.count
      } else {
        try Self.append(frame, to: logURL, at: state.logBytes)
        state.logBytes += frame.count
      }
    } catch {
      // The log may end in part of this frame: the next write is whole.
      files.withLock { $0 = nil }
      throw error
    }
    state.operations = change.image.operations
    files.withLock { $0 = state }
  }

  /// Writes `frame` at `offset`, the end of the log's whole frames (over a torn frame a
  /// kill left), cuts the log after it, and fsyncs it; on a failure cuts the log back to
  /// `offset`.
  private static func append(_ frame: [UInt8], to log: URL, at offset: Int) throws(ImageError) {
    let descriptor = open(log.path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw AtomicFile.failure("open \(log.path)") }
    defer { close(descriptor) }
    do throws(ImageError) {
      guard lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset) else { throw AtomicFile.failure("seek in \(log.path)") }
      try AtomicFile.writeAll(frame, to: descriptor, path: log.path)
      let end = off_t(offset + frame.count)
      guard ftruncate(descriptor, end) == 0 else { throw AtomicFile.failure("truncate \(log.path)") }
      guard fsync(descriptor) == 0 else { throw AtomicFile.failure("fsync \(log.path)") }
    } catch {
      _ = ftruncate(descriptor, off_t(offset))
      throw error
    }
  }
}
