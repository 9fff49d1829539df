import Foundation

/// A fresh directory under the system's temporary directory (or `parent`), removed when
/// dropped.
final class TemporaryDirectory {
  let url: URL

  init(in parent: URL = FileManager.default.temporaryDirectory) throws {
    url = parent.appendingPathComponent("baton-image-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// A directory in memory where the system has one (`/dev/shm`), else on disk: for a
  /// crash test whose harness syncs every write. A killed process leaves the page cache
  /// as it was, so memory keeps what a disk would, without the syncs' cost.
  static func inMemory() throws -> TemporaryDirectory {
    let shared = URL(fileURLWithPath: "/dev/shm")
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: shared.path, isDirectory: &isDirectory), isDirectory.boolValue else {
      return try TemporaryDirectory()
    }
    return try TemporaryDirectory(in: shared)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  func size(of name: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.appendingPathComponent(name).path)
    return (attributes[.size] as? NSNumber)?.intValue ?? -1
  }
}
