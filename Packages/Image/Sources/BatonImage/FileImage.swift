import BatonNormalizer
import BatonStore
import Foundation

/// The store's image in one file: loaded at launch, rewritten in the
/// background after the store changes.
///
/// - `save(_:)` only keeps the image (a copy-on-write value) and returns; a background
///   queue writes the latest one after `debounce`, so a burst of commits is one write and
///   neither the store nor a read ever waits for the disk. `flush()` writes at once.
/// - Each write replaces the file atomically (`AtomicFile`): after a crash the file holds
///   the previous image or the new one.
/// - Records no operation can reach are not written (`collectingGarbage()`).
/// - The file, its temporary and a set-aside file are owner-only (0600); on Apple
///   platforms the file has complete protection, unreadable while the device is locked.
///   Nothing of a request but its operation and variables is kept: no header.
/// - `load()` checks the format version and both checksums; a file that fails is set
///   aside as `<name>.corrupt-<time>` and reported, so the store starts empty.
/// - A value nesting deeper than the response reader's limit (a local write can make one)
///   is left out of the file alone, with its field or operation, and reported once as an
///   `imageValueDropped` event; the rest of the image is written and loads.
public final class FileImage: Persistence {
  /// The image file.
  public let url: URL
  /// The byte budget the environment keeps the store within, and so the file, which
  /// stays close to what the store estimates (a little under it); `nil` for none.
  public let maximumBytes: Int?
  private let debounce: DispatchTimeInterval
  private let writes: DispatchQueue
  private let pending = Locked(Pending())
  private let drops = Locked(Drops())

  private struct Pending {
    var image: StoreImage?
    var isScheduled = false
    /// The last background write's failure, not yet reported.
    var failure: ImageError?
  }

  private struct Drops {
    var events: PersistenceEvents?
    /// Reported already: the store keeps a value the image cannot hold until it changes,
    /// and every write leaves it out again.
    var reported: Set<ImageDrop> = []
  }

  /// An image at `url`; its directory is created if needed.
  ///
  /// - Parameters:
  ///   - debounce: how long after a save the background write waits for more saves.
  ///   - maximumBytes: the byte budget an environment given this image adopts unless given
  ///     its own (`GraphQLEnvironment.init(maximumBytes:)`); `nil` for none.
  public init(at url: URL, debounce: Duration = .milliseconds(200), maximumBytes: Int? = nil) throws(ImageError) {
    self.url = url.standardizedFileURL
    self.maximumBytes = maximumBytes
    // In Double, so that no duration can overflow; a day is long enough to mean "on flush".
    let seconds = Double(debounce.components.seconds) + Double(debounce.components.attoseconds) / 1e18
    self.debounce = .nanoseconds(Int(min(max(seconds, 0), 86_400) * 1e9))
    self.writes = DispatchQueue(label: "baton.image.write", qos: .utility)
    do {
      try FileManager.default.createDirectory(at: self.url.deletingLastPathComponent(), withIntermediateDirectories: true)
    } catch {
      throw .io("Could not create the directory of \(self.url.path): \(error.localizedDescription)")
    }
  }

  /// The image in the file, or `nil` when there is no file. Throws `SetAsideImage` after
  /// moving an unusable file aside. Also removes temporary files a crashed writer left.
  public func load() throws -> StoreImage? {
    removeTemporaryFiles()
    let interval = Signposts.image.begin("image load")
    defer { Signposts.image.end(interval) }
    guard let bytes = try readFile() else { return nil }
    // A file an earlier version wrote may be readable by others.
    AtomicFile.restrictToOwner(url)
    do {
      let (image, dropped) = try ImageDecoder.decode(bytes)
      report(dropped)
      return image
    } catch {
      throw SetAsideImage(reason: error, original: url, movedTo: setAside())
    }
  }

  /// Keeps `events` for reporting what an image leaves out.
  public func report(to events: PersistenceEvents) {
    drops.withLock { $0.events = events }
  }

  /// Keeps `image` as the latest and schedules a background write.
  ///
  /// Throws the failure of an earlier background write, once (the store logs it); the
  /// file then still holds the last image written, and this image is kept and retried.
  public func save(_ image: StoreImage) throws(ImageError) {
    let (schedule, failure) = pending.withLock { pending in
      pending.image = image
      defer {
        pending.isScheduled = true
        pending.failure = nil
      }
      return (!pending.isScheduled, pending.failure)
    }
    if schedule {
      writes.asyncAfter(deadline: .now() + debounce) { [self] in writePending() }
    }
    if let failure { throw failure }
  }

  /// Writes the latest saved image now, if it is not written yet, and returns when it is
  /// durable or its write failed (the next `save(_:)` reports that).
  public func flush() {
    writes.sync { writePending() }
  }

  /// Drops the image saved but not yet written and removes the file (one `unlink`, so a
  /// crash leaves the old file or none), its temporaries, and syncs the directory.
  public func erase() throws(ImageError) {
    let outcome: Result<Void, ImageError> = writes.sync {
      pending.withLock { pending in
        pending.image = nil
        pending.failure = nil
      }
      removeTemporaryFiles()
      do {
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
      } catch {
        return .failure(.io("Could not remove \(url.path): \(error.localizedDescription)"))
      }
      return Result { () throws(ImageError) in try AtomicFile.syncDirectory(url.deletingLastPathComponent()) }
    }
    try outcome.get()
  }

  /// Encodes the image as it would be written: for tests and benchmarks.
  public static func encode(_ image: StoreImage) -> [UInt8] {
    ImageEncoder.encode(image.collectingGarbage()).file
  }

  /// Decodes a file's bytes, checking them as `load()` does.
  public static func decode(_ bytes: [UInt8]) throws(ImageError) -> StoreImage {
    try ImageDecoder.decode(bytes).image
  }

  /// Runs on `writes` only, so two writes never overlap.
  private func writePending() {
    let image = pending.withLock { pending in
      defer {
        pending.image = nil
        pending.isScheduled = false
      }
      return pending.image
    }
    guard let image else { return }
    let interval = Signposts.image.begin("image save")
    defer { Signposts.image.end(interval) }
    let (file, dropped) = ImageEncoder.encode(image.collectingGarbage())
    report(dropped)
    do {
      try AtomicFile.replace(url, with: file)
    } catch {
      pending.withLock { pending in
        pending.failure = error
        // Kept for the next try unless a newer image came meanwhile.
        if pending.image == nil { pending.image = image }
      }
    }
  }

  /// Logs each value left out that was not reported yet.
  private func report(_ dropped: [ImageDrop]) {
    guard !dropped.isEmpty else { return }
    let (events, new) = drops.withLock { drops in (drops.events, dropped.filter { drops.reported.insert($0).inserted }) }
    guard let events else { return }
    for drop in new { drop.report(to: events) }
  }

  private func readFile() throws(SetAsideImage) -> Data? {
    do {
      return try Data(contentsOf: url)
    } catch CocoaError.fileReadNoSuchFile, CocoaError.fileNoSuchFile {
      return nil
    } catch {
      throw SetAsideImage(reason: .io("Could not read \(url.path): \(error.localizedDescription)"), original: url, movedTo: nil)
    }
  }

  /// Moves the file to `<name>.corrupt-<UTC time>` beside it; `nil` if that fails.
  private func setAside() -> URL? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss.SSS'Z'"
    let stamp = formatter.string(from: Date())
    let directory = url.deletingLastPathComponent()
    for attempt in 0..<100 {
      let suffix = attempt == 0 ? "" : "-\(attempt)"
      let target = directory.appendingPathComponent("\(url.lastPathComponent).corrupt-\(stamp)\(suffix)")
      guard !FileManager.default.fileExists(atPath: target.path) else { continue }
      do {
        try FileManager.default.moveItem(at: url, to: target)
        AtomicFile.restrictToOwner(target)
        return target
      } catch {
        return nil
      }
    }
    return nil
  }

  private func removeTemporaryFiles() {
    for file in AtomicFile.abandonedTemporaryFiles(for: url) { try? FileManager.default.removeItem(at: file) }
  }
}
