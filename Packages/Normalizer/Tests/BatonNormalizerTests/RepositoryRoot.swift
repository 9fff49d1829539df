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

  /// `<path>` under `$BATON_FIXTURES`, else under `../shared/fixtures` beside the
  /// repository (as baton-bench finds them), when it exists.
  static func sharedFixture(_ path: String) -> URL? {
    let root = ProcessInfo.processInfo.environment["BATON_FIXTURES"].map { URL(fileURLWithPath: $0) }
      ?? url?.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
    guard let url = root?.appendingPathComponent(path), FileManager.default.fileExists(atPath: url.path) else { return nil }
    return url
  }
}
