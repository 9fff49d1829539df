import Foundation

/// How the taped suites reach a server: `BATON_TAPES=record` runs the loopback server
/// (`.venv`) behind a recording proxy and rewrites each test's tape; anything else replays
/// the checked-in tapes from an in-process server, so a bare `swift test` needs no Python.
public enum TapeMode: Sendable, Equatable {
  case replay
  case record

  /// The environment variable that picks the mode.
  public static let variable = "BATON_TAPES"

  /// The mode `BATON_TAPES` asks for.
  public static var current: TapeMode {
    ProcessInfo.processInfo.environment[variable] == "record" ? .record : .replay
  }
}
