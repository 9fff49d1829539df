import BatonNormalizer
import BatonStore
import Foundation

/// The store's image in one file and a change log beside it: loaded at launch, written in
/// the background after the store changes.
///
/// - A save only keeps what to write (a copy-on-write value) and returns; a background
///   queue writes the latest after `debounce`, so a burst of commits is one write and
///   neither the store nor a read ever waits for the disk. `flush()` writes at once.
/// - A change (`save(_ change:)`, what the store hands over) is appended to the change log
///   (`logURL`, `ChangeLogFormat`) as one checksummed frame, fsync'd: a write in proportion
///   to what changed. Once the log grows past half the image, the next write is whole.
/// - A whole write (`save(_ image:)`, the first save, or a compaction) replaces the file
///   atomically (`AtomicFile`): after a crash the file holds the previous image or the new
///   one. The log then starts anew; a log left by a kill before that names an older
///   generation than the image and is never replayed.
/// - A whole image given to `save(_ image:)` is written without the records no operation
///   can reach (`collectingGarbage()`); a change's records are written as the store holds
///   them, and the store hands over the records its garbage collection removes.
/// - The files, their temporaries and set-aside files are owner-only (0600); on Apple
///   platforms they have complete protection, unreadable while the device is locked.
///   Nothing of a request but its operation and variables is kept: no header.
/// - `load()` maps the image and reads nothing in proportion to its records: it checks the
///   header and the directory of sections (`ImageFormat` version 5 on), decodes the
///   operations, outbox and field ages, and hands the store records read on demand
///   (`ImageRecords`: an index finds a record, and each chunk of the file is checked against
///   its checksum the first time a read touches it); then it replays the log's frames up to
///   the first torn one (what a kill during an append leaves) over them. An image or a log
///   that fails at load is set aside as `<name>.corrupt-<time>` and reported, so the store
///   starts empty; a chunk that fails later costs its records, which read as missing, and
///   is reported once as an `imageDamaged` event. A file of format 4 or before is read
///   whole, as it was written.
/// - A value nesting deeper than the response reader's limit (a local write can make one)
///   is left out of the file alone, with its field or operation, and reported once as an
///   `imageValueDropped` event; the rest of the image is written and loads.
public final class FileImage: Persistence {
  /// The image file.
  public let url: URL
  /// The byte budget the environment keeps the store within, and so the files: the image
  /// stays close to what the store estimates (a little under it), and the change log is
  /// compacted into it before the two pass the budget; `nil` for none.
  public let maximumBytes: Int?
  /// The change log beside it: `url` with `.log` appended.
  public let logURL: URL
  private let debounce: DispatchTimeInterval
  let writes: DispatchQueue
  private let pending = Locked(Pending())
  private let drops = Locked(Drops())
  /// What the files hold; changed on `writes`, and by `load()` before any save.
  let files = Locked<ChangeLogState?>(nil)

  private struct Pending {
    var write: PendingWrite?
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
    self.logURL = self.url.appendingPathExtension("log")
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

  /// Keeps `events` for reporting what an image leaves out.
  public func report(to events: PersistenceEvents) {
    drops.withLock { $0.events = events }
  }

  /// Keeps `image` as the latest and schedules a background write of the whole image.
  ///
  /// Throws the failure of an earlier background write, once (the store logs it); the
  /// files then still hold what was last written, and this image is kept and retried.
  public func save(_ image: StoreImage) throws(ImageError) {
    try keep(.whole(image, collecting: true))
  }

  /// Keeps `change` as the latest and schedules a background append of what it changed
  /// to the log (a whole write when the files' state is not known).
  ///
  /// Throws the failure of an earlier background write, once, as `save(_ image:)` does.
  public func save(_ change: ImageChange) throws(ImageError) {
    try keep(.change(change))
  }

  private func keep(_ write: PendingWrite) throws(ImageError) {
    let (schedule, failure) = pending.withLock { pending in
      pending.write = pending.write.map { $0.then(write) } ?? write
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

  /// Drops what was saved but not yet written and removes the image, then the log (one
  /// `unlink` each, so a crash leaves the old image with its log or no image; a load
  /// removes a log left without its image), their temporaries, and syncs the directory.
  public func erase() throws(ImageError) {
    let outcome: Result<Void, ImageError> = writes.sync {
      pending.withLock { pending in
        pending.write = nil
        pending.failure = nil
      }
      files.withLock { $0 = nil }
      removeTemporaryFiles()
      for file in [url, logURL] {
        do {
          if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
        } catch {
          return .failure(.io("Could not remove \(file.path): \(error.localizedDescription)"))
        }
      }
      return Result { () throws(ImageError) in try AtomicFile.syncDirectory(url.deletingLastPathComponent()) }
    }
    try outcome.get()
  }

  /// Encodes the image as it would be written: for tests and benchmarks.
  public static func encode(_ image: StoreImage) -> [UInt8] {
    ImageEncoder.encode(image.collectingGarbage()).file
  }

  /// Decodes a file's bytes whole, checking all of them: where `load()` reads a damaged
  /// record as missing, this throws.
  public static func decode(_ bytes: [UInt8]) throws(ImageError) -> StoreImage {
    try ImageDecoder.decode(bytes).image
  }

  /// Runs on `writes` only, so two writes never overlap.
  private func writePending() {
    let write = pending.withLock { pending in
      defer {
        pending.write = nil
        pending.isScheduled = false
      }
      return pending.write
    }
    guard let write else { return }
    do {
      switch write {
      case .whole(let image, let collecting): try writeWhole(image, collecting: collecting)
      case .change(let change): try append(change)
      }
    } catch {
      pending.withLock { pending in
        pending.failure = error
        // Kept for the next try, before any newer one that came meanwhile.
        pending.write = pending.write.map { write.then($0) } ?? write
      }
    }
  }

  /// Logs what a read of a version 5 or 6 image's records found: damage, or values left out.
  func report(_ finding: ImageRecords.Finding) {
    switch finding {
    case .dropped(let dropped): report(dropped)
    case .damage(let reason):
      guard let events = drops.withLock({ $0.events }) else { return }
      events.damaged(reason)
    }
  }

  /// Logs each value left out that was not reported yet.
  func report(_ dropped: [ImageDrop]) {
    guard !dropped.isEmpty else { return }
    let (events, new) = drops.withLock { drops in (drops.events, dropped.filter { drops.reported.insert($0).inserted }) }
    guard let events else { return }
    for drop in new { drop.report(to: events) }
  }

  /// The bytes of `file`, mapped or read, or `nil` when there is none.
  func read(_ file: URL, mapped: Bool) throws(SetAsideImage) -> Data? {
    do {
      return try Self.bytes(of: file, mapped: mapped)
    } catch {
      throw SetAsideImage(reason: error, original: file, movedTo: nil)
    }
  }

  /// The bytes of `file`, or `nil` when there is no such file. `mapped` maps the file
  /// instead of reading it: only for the image, which is replaced, never written in place
  /// (the log is cut in place, and a mapping of a file cut short faults when read).
  static func bytes(of file: URL, mapped: Bool) throws(ImageError) -> Data? {
    do {
      return try Data(contentsOf: file, options: mapped ? .alwaysMapped : [])
    } catch CocoaError.fileReadNoSuchFile, CocoaError.fileNoSuchFile {
      return nil
    } catch {
      throw .io("Could not read \(file.path): \(error.localizedDescription)")
    }
  }

  /// Moves `url` to `<name>.corrupt-<UTC time>` beside it; `nil` if that fails.
  func setAside(_ url: URL) -> URL? {
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

  func removeTemporaryFiles() {
    for file in AtomicFile.abandonedTemporaryFiles(for: url) + AtomicFile.abandonedTemporaryFiles(for: logURL) {
      try? FileManager.default.removeItem(at: file)
    }
  }
}
