import Foundation

/// A fresh directory under the system's temporary directory, removed when dropped.
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("baton-image-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
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
