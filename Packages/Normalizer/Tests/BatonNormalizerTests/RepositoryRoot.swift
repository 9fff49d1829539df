import Foundation

/// The package root, found by walking up from this file to the directory holding Package.swift.
enum RepositoryRoot {
  static let url: URL? = {
    var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while url.path != "/" {
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
      url.deleteLastPathComponent()
    }
    return nil
  }()

  /// `../shared/fixtures/<path>` beside the repository, when that checkout exists.
  static func sharedFixture(_ path: String) -> URL? {
    guard let url = url?.deletingLastPathComponent().appendingPathComponent("shared/fixtures/\(path)"),
          FileManager.default.fileExists(atPath: url.path) else { return nil }
    return url
  }
}
