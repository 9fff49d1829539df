// Apple-only in part (Darwin, file protection). Checked by hand against Apple's
// documentation: FileAttributeKey.protectionKey is iOS 4, tvOS 9, watchOS 2, visionOS 1;
// FileProtectionType.complete iOS 2; FileManager.setAttributes(_:ofItemAtPath:) on the
// shared manager is safe from any thread. The POSIX calls are the same on Darwin and Glibc.
// Elsewhere `protect` does nothing; the owner-only modes and crash safety are tested here.
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces a file so that a crash at any moment leaves either the old content or the new,
/// never a mix: write a temporary file in the same directory, fsync it, rename it over the
/// target (atomic within one file system), then fsync the directory so the rename itself
/// survives a power loss.
///
/// The image holds a user's data, so every file it writes is owner-only (0600) from the
/// moment it exists, the temporary one included, and on Apple platforms has complete
/// protection (unreadable while the device is locked).
enum AtomicFile {
  /// Owner read and write: what the image and every file beside it get.
  static let ownerOnly: mode_t = 0o600

  /// The prefix of temporary files for `url`; a crash mid-write can leave one behind.
  static func temporaryPrefix(for url: URL) -> String {
    url.lastPathComponent + ".tmp-"
  }

  /// Temporary files for `url` whose writer process is gone: left by a crash, safe to
  /// remove. A live writer's file (this process's included) is never touched.
  static func abandonedTemporaryFiles(for url: URL) -> [URL] {
    let directory = url.deletingLastPathComponent()
    let prefix = temporaryPrefix(for: url)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
    return names.compactMap { name in
      guard name.hasPrefix(prefix) else { return nil }
      let pid = name.dropFirst(prefix.count).prefix { $0 != "-" }
      if let pid = Int32(pid), pid > 0, kill(pid, 0) == 0 || errno == EPERM { return nil }
      return directory.appendingPathComponent(name)
    }
  }

  static func replace(_ url: URL, with bytes: [UInt8]) throws(ImageError) {
    try replace(url, with: [bytes])
  }

  /// `replace(_:with:)` with the new content in parts, written one after another.
  static func replace(_ url: URL, with parts: [[UInt8]]) throws(ImageError) {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(temporaryPrefix(for: url) + "\(getpid())-\(UUID().uuidString)")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, ownerOnly)
    guard descriptor >= 0 else { throw failure("create \(temporary.path)") }
    do throws(ImageError) {
      try protect(temporary)
      for part in parts { try writeAll(part, to: descriptor, path: temporary.path) }
      guard fsync(descriptor) == 0 else { throw failure("fsync \(temporary.path)") }
    } catch {
      close(descriptor)
      unlink(temporary.path)
      throw error
    }
    guard close(descriptor) == 0 else {
      let error = failure("close \(temporary.path)")
      unlink(temporary.path)
      throw error
    }
    guard rename(temporary.path, url.path) == 0 else {
      let error = failure("rename \(temporary.path) to \(url.path)")
      unlink(temporary.path)
      throw error
    }
    try syncDirectory(directory)
  }

  /// Gives `url` complete file protection where the platform has it; elsewhere nothing.
  static func protect(_ url: URL) throws(ImageError) {
    #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
      do {
        try FileManager.default.setAttributes([.protectionKey: FileProtectionType.complete], ofItemAtPath: url.path)
      } catch {
        throw .io("Could not protect \(url.path): \(error.localizedDescription)")
      }
    #endif
  }

  /// Makes an existing file owner-only, as `replace` makes new ones; a file another user
  /// owns stays as it is (it is then not ours to change).
  static func restrictToOwner(_ url: URL) {
    _ = chmod(url.path, ownerOnly)
  }

  static func syncDirectory(_ directory: URL) throws(ImageError) {
    let descriptor = open(directory.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure("open directory \(directory.path)") }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else { throw failure("fsync directory \(directory.path)") }
  }

  static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(ImageError) {
    let result: Result<Void, ImageError> = bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return .failure(failure("write \(path)"))
        }
        offset += written
      }
      return .success(())
    }
    try result.get()
  }

  /// An error naming the call that failed and the system's reason.
  static func failure(_ what: String) -> ImageError {
    .io("Could not \(what): \(String(cString: strerror(errno))).")
  }
}
