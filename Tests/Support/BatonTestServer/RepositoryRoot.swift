import Foundation

/// The checkout this file belongs to: the nearest directory above it holding Package.swift.
public enum RepositoryRoot {
  public static func find(from file: String = #filePath) throws -> URL {
    // Development/ compiles this file through a symlinked folder; the real path is the
    // one under the root package, not under Development/Package.swift.
    var directory = URL(fileURLWithPath: file).resolvingSymlinksInPath().deletingLastPathComponent()
    while directory.path != "/" {
      if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
        return directory
      }
      directory = directory.deletingLastPathComponent()
    }
    throw TestServerError("no Package.swift above \(file)")
  }
}
