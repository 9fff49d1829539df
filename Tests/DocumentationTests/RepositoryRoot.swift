import Foundation

/// The directory holding Package.swift, found by walking up from this file.
enum RepositoryRoot {
  static let url: URL = {
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while directory.path != "/" {
      if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { return directory }
      directory = directory.deletingLastPathComponent()
    }
    return directory
  }()

  static func path(_ relativePath: String) -> String {
    url.appendingPathComponent(relativePath).path
  }

  /// The file's text, or `nil` when it is absent.
  static func text(_ relativePath: String) -> String? {
    FileManager.default.contents(atPath: path(relativePath)).map { String(decoding: $0, as: UTF8.self) }
  }
}
