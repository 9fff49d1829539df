import BatonNormalizer
import BatonStore
import Foundation

extension FileImage {
  /// The image in the file with the log's frames replayed over it, or `nil` when there is
  /// no image file. A version 5 or 6 file is mapped, not read: its records are read on demand
  /// (`ImageRecords`) and the frames' writes and removals shadow them in memory; a file of
  /// an older version is read whole. Throws `SetAsideImage` after moving an unusable image (with its log)
  /// or an unusable log aside; the next save then writes a whole image. Also removes
  /// temporary files a crashed writer left. A torn last frame is left for the next append
  /// to overwrite: a load only reads the files it keeps.
  public func load() throws -> StoreImage? {
    removeTemporaryFiles()
    let interval = Signposts.image.begin("image load")
    defer { Signposts.image.end(interval) }
    files.withLock { $0 = nil }
    guard let bytes = try read(url, mapped: true) else {
      // A log without its image was left by a kill during an erase.
      try? FileManager.default.removeItem(at: logURL)
      return nil
    }
    // A file an earlier version wrote may be readable by others.
    AtomicFile.restrictToOwner(url)
    let decoded: (image: StoreImage, dropped: [ImageDrop], generation: UInt32)
    do {
      decoded = try isSections(bytes)
        ? ImageRecords.open(bytes) { [weak self] finding in self?.report(finding) }
        : ImageDecoder.decodeWithGeneration(bytes)
    } catch {
      let moved = setAside(url)
      if FileManager.default.fileExists(atPath: logURL.path) { _ = setAside(logURL) }
      throw SetAsideImage(reason: error, original: url, movedTo: moved)
    }
    report(decoded.dropped)
    var image = decoded.image
    var logBytes = 0
    if let log = try read(logURL, mapped: false) {
      AtomicFile.restrictToOwner(logURL)
      do {
        let replayed = try Self.replay(log, over: &image, generation: decoded.generation)
        report(replayed.dropped)
        logBytes = replayed.end
      } catch {
        throw SetAsideImage(reason: error, original: logURL, movedTo: setAside(logURL))
      }
    }
    let state = ChangeLogState(
      generation: decoded.generation, imageBytes: bytes.count, logBytes: logBytes, operations: image.operations)
    files.withLock { $0 = state }
    return image
  }

  /// The image in the file at `url` with its change log replayed over it, read whole and
  /// checked whole (a damaged chunk of a version 5 or 6 file fails it, where `load()` would read
  /// its records as missing), without changing either file: for a tool that inspects a store.
  public static func contents(at url: URL) throws(ImageError) -> StoreImage {
    guard let bytes = try Self.bytes(of: url, mapped: true) else { throw .io("There is no image at \(url.path).") }
    let decoded = try ImageDecoder.decodeWithGeneration(bytes)
    var image = decoded.image
    if let log = try Self.bytes(of: url.appendingPathExtension("log"), mapped: false) {
      _ = try replay(log, over: &image, generation: decoded.generation)
    }
    return image
  }

  /// Whether `bytes` hold a version 5 or 6 image (read on demand); anything else is read whole,
  /// and fails there if it is no image.
  private func isSections(_ bytes: Data) -> Bool {
    bytes.count >= ImageFormat.headerSize
      && bytes.withUnsafeBytes { UInt32(littleEndianBytes: $0, at: 8) } >= ImageFormat.sectionsVersion
  }

  /// Applies the frames of `log` to `image`; returns the length of the log's whole frames
  /// (0 for another generation's log) and the values the frames left out. Throws when the
  /// header is not one this build wrote.
  private static func replay(
    _ log: Data, over image: inout StoreImage, generation: UInt32
  ) throws(ImageError) -> (end: Int, dropped: [ImageDrop]) {
    let outcome: Result<(end: Int, dropped: [ImageDrop]), ImageError> = log.withUnsafeBytes { buffer in
      Result { () throws(ImageError) -> (end: Int, dropped: [ImageDrop]) in
        guard try ChangeLogFormat.generation(buffer) == generation else { return (0, []) }
        var end = ChangeLogFormat.headerSize
        var dropped: [ImageDrop] = []
        for payload in ChangeLogFormat.payloads(buffer) {
          // A frame that passed its checksum but does not decode ends the replay as a torn one does.
          guard let (frame, left) = try? ChangeFrame.decode(payload), (try? frame.apply(to: &image)) != nil else { break }
          dropped += left
          end += ChangeLogFormat.frameHeaderSize + payload.count
        }
        return (end, dropped)
      }
    }
    return try outcome.get()
  }
}
