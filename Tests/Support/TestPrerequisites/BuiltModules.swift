import Foundation

/// The modules of the build the tests run from, for tests whose subject is a compile error:
/// they type-check a file against these with `swiftc`, which takes seconds where a package
/// of its own would build Baton's libraries again.
public enum BuiltModules {
  /// SwiftPM's `Modules` beside the running test binary, whatever the scratch path; else
  /// the default scratch path's (where the binary runs from elsewhere, as under `xctest`).
  public static var url: URL {
    if let binary = Bundle.main.executableURL {
      let beside = binary.deletingLastPathComponent().appendingPathComponent("Modules")
      if FileManager.default.fileExists(atPath: beside.appendingPathComponent("BatonStore.swiftmodule").path) {
        return beside
      }
    }
    return RepositoryRoot.url.appendingPathComponent(".build/debug/Modules")
  }

  /// `swiftc -typecheck` of `files` as one Swift 6 module importing these modules.
  public static func typecheck(_ files: [URL]) async throws -> ToolRun {
    try await ToolRun.run(["swiftc", "-typecheck", "-swift-version", "6", "-I", url.path] + files.map(\.path))
  }
}
