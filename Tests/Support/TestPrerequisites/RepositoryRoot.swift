import Foundation

/// Files of the checkout, for the test targets that read fixtures, guides and generated
/// code. (BatonTestServer finds the root on its own: the example and the benchmarks use it,
/// and they must not link Testing.)
public enum RepositoryRoot {
  /// The directory holding Package.swift.
  public static var url: URL { Prerequisite.root }

  /// `relativePath` under the root, as a path.
  public static func path(_ relativePath: String) -> String {
    url.appendingPathComponent(relativePath).path
  }

  /// The file's text, or `nil` when it is absent.
  public static func text(_ relativePath: String) -> String? {
    FileManager.default.contents(atPath: path(relativePath)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// `<path>` under `$BATON_FIXTURES`, else under `../shared/fixtures` beside the
  /// checkout (as baton-bench finds them), when it exists.
  public static func sharedFixture(_ path: String) -> URL? {
    let root = ProcessInfo.processInfo.environment["BATON_FIXTURES"].map { URL(fileURLWithPath: $0) }
      ?? url.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
    let fixture = root.appendingPathComponent(path)
    return FileManager.default.fileExists(atPath: fixture.path) ? fixture : nil
  }
}
