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
}
