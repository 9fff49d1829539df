import Foundation
import Testing

/// Files the tests read: the repository's own, graphql-core's sdist fixtures, and the
/// oracle's output under `.cache/oracle`.
enum RepositoryFiles {
  /// The directory holding Package.swift, found by walking up from this file.
  static let root: URL = {
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while directory.path != "/" {
      if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
        return directory
      }
      directory = directory.deletingLastPathComponent()
    }
    return directory
  }()

  static func url(_ relativePath: String) -> URL {
    root.appendingPathComponent(relativePath)
  }

  /// The file's bytes; a missing file is a recorded failure naming the command that
  /// makes it. A suite that reads the oracle or graphql-core's fixtures says so with
  /// `.requires(_:)`, so it skips in a fresh clone and fails here under `Tools/test.sh`.
  static func bytes(_ relativePath: String) -> [UInt8]? {
    guard let data = FileManager.default.contents(atPath: url(relativePath).path) else {
      Issue.record("missing \(relativePath): run Tools/test.sh (it runs the oracle scripts)")
      return nil
    }
    return [UInt8](data)
  }

  static func text(_ relativePath: String) -> String? {
    bytes(relativePath).map { String(decoding: $0, as: UTF8.self) }
  }
}
