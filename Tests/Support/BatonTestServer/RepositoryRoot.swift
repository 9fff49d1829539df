import Foundation

/// The checkout this file belongs to: the nearest directory above it holding Package.swift.
enum RepositoryRoot {
  static func find(from file: String = #filePath) throws -> URL {
    var directory = URL(fileURLWithPath: file).deletingLastPathComponent()
    while directory.path != "/" {
      if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
        return directory
      }
      directory = directory.deletingLastPathComponent()
    }
    throw TestServerError("no Package.swift above \(file)")
  }
}
