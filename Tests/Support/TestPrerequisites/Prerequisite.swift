import Foundation
import Testing

/// Something a suite needs that `Tools/test.sh` sets up and a fresh clone lacks: graphql-core's
/// fixtures and the oracle's verdicts under `.cache`, or `.venv` with graphql-core for the
/// loopback server. A suite that needs one says so with `.requires(_:)`.
public struct Prerequisite: Sendable {
  /// The file or folder, relative to the repository root or absolute, whose presence means
  /// it is set up.
  public let path: String
  /// Why a suite skips without it: one line, with the command that makes it.
  public let reason: String

  /// graphql-core's source distribution, whose test fixtures the differential tests read.
  public static let graphQLCoreFixtures = Prerequisite(
    path: ".cache/graphql_core-3.3.2/tests/fixtures",
    reason: "needs graphql-core's fixtures in .cache/graphql_core-3.3.2; Tools/test.sh fetches them")
  /// graphql-core's verdicts on the syntax, schema and validation corpora.
  public static let oracle = Prerequisite(
    path: ".cache/oracle",
    reason: "needs graphql-core's verdicts in .cache/oracle; Tools/test.sh writes them")
  /// The Python environment the loopback server (`Tools/test-server`) runs in.
  public static let testServer = Prerequisite(
    path: ".venv/bin/python",
    reason: "needs .venv with graphql-core for the loopback server; Tools/test.sh makes it")
  /// The Python environment the interop servers (strawberry-graphql and ariadne,
  /// `Tools/interop`) run in.
  public static let interopServers = Prerequisite(
    path: ".venv-interop/bin/python",
    reason: "needs .venv-interop with strawberry-graphql and ariadne for the interop servers; Tools/test.sh makes it")
  /// The SIGKILL crash harness, an executable of the development package (Development/):
  /// where `BATON_IMAGE_CRASH_HARNESS` says, which Tools/test.sh sets, else where a debug
  /// build with Tools/test.sh's scratch path puts it.
  public static let imageCrashHarness = Prerequisite(
    path: ProcessInfo.processInfo.environment["BATON_IMAGE_CRASH_HARNESS"] ?? ".build-dev/debug/baton-image-crash-harness",
    reason: "needs baton-image-crash-harness from Development/ (swift build --package-path Development "
      + "--scratch-path .build-dev --product baton-image-crash-harness, or BATON_IMAGE_CRASH_HARNESS=<its path>); "
      + "Tools/test.sh builds it")

  /// Set to `1` by `Tools/test.sh`: there a missing prerequisite fails the suites that need
  /// it instead of skipping them, so the full run never passes by running less.
  public static let requiredVariable = "BATON_REQUIRE_ORACLES"

  /// Whether the suites that need it run: it is there, or `BATON_REQUIRE_ORACLES=1` says
  /// its absence is a failure.
  public var isMet: Bool {
    ProcessInfo.processInfo.environment[Self.requiredVariable] == "1"
      || FileManager.default.fileExists(atPath: url.path)
  }

  /// Where it is.
  public var url: URL {
    path.hasPrefix("/") ? URL(fileURLWithPath: path) : Self.root.appendingPathComponent(path)
  }

  /// The directory holding Package.swift, found by walking up from this file (from where it
  /// really is: the sanitizer package compiles it through a symlinked folder).
  public static let root: URL = {
    var directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
    while directory.path != "/",
      !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path)
    {
      directory = directory.deletingLastPathComponent()
    }
    return directory
  }()
}

extension Trait where Self == ConditionTrait {
  /// Runs the suite or test only where `prerequisite` is met; elsewhere it is skipped with
  /// the prerequisite's reason.
  public static func requires(_ prerequisite: Prerequisite) -> Self {
    .enabled(if: prerequisite.isMet, Comment(rawValue: prerequisite.reason))
  }
}
