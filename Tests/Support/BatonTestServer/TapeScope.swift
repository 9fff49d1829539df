@_spi(Development) import BatonNormalizer
import Foundation
import Synchronization

/// The tape of the test running now: what a recording gathers, or what a replay serves and
/// has served. Set for a test's duration by the `.taped` trait (module `BatonTapes`), read by
/// `SharedServer.fresh()`; where it is unset (end-to-end tests, benchmarks) the server is live.
///
/// Problems (a request the tape has no reply for, a control command it does not hold) are
/// collected here, and the trait records them as the test's issues when it ends: this module
/// does not link Testing, as the example and the benchmarks use it.
public final class TapeScope: Sendable {
  /// The scope of the current task's test.
  @TaskLocal public static var current: TapeScope?

  /// Whether this test records or replays.
  public let mode: TapeMode
  /// Where the tape is.
  public let file: URL
  /// The test, for messages: `Suite/test` and, for a case of a parameterized test, its ordinal.
  public let name: String
  /// What a message says to do when the tape no longer fits the test.
  public let rerecord: String

  private struct State {
    var tape = Tape()
    var nextControl = 0
    var used: Set<Int> = []
    var lastUsedByKey: [String: Int] = [:]
    var nextObservation = 0
    var log = TapeRequestLog()
    var problems: [String] = []
    /// The servers made for this test: they serve until it ends, also when the test lets
    /// go of its `TestServer` and keeps only an environment that talks to it.
    var servers: [TapeServer] = []
  }
  private let state: Mutex<State>

  /// A scope for the test `name` whose tape is `file`. A replay reads the tape now; a
  /// missing one becomes the test's problem, not a crash.
  public init(file: URL, name: String, mode: TapeMode = .current, rerecord: String) {
    self.mode = mode
    self.file = file
    self.name = name
    self.rerecord = rerecord
    var initial = State()
    if mode == .replay {
      do {
        if let tape = try Tape.read(file) {
          initial.tape = tape
        }
      } catch {
        initial.problems.append("the tape \(file.lastPathComponent) could not be read (\(error)); \(rerecord)")
      }
    }
    state = Mutex(initial)
  }

  /// What went wrong so far, one sentence each.
  public var problems: [String] { state.withLock { $0.problems } }

  /// Ends the test: stops its servers and, recording, writes the tape when the test talked
  /// to a server (and removes a stale one when it no longer does).
  public func finish() throws {
    let servers = state.withLock { state in
      defer { state.servers = [] }
      return state.servers
    }
    for server in servers { server.stop() }
    guard mode == .record else { return }
    let tape = state.withLock { $0.tape }.normalized()
    if tape.isEmpty {
      try? FileManager.default.removeItem(at: file)
    } else {
      try tape.write(to: file)
    }
  }

  func keep(_ server: TapeServer) {
    state.withLock { $0.servers.append(server) }
  }

  func problem(_ message: String) {
    state.withLock { $0.problems.append(message) }
  }

  // MARK: Counters

  func note(_ request: TapeHTTPRequest) { state.withLock { $0.log.note(request) } }
  func noteReply(_ bytes: [UInt8]) { state.withLock { $0.log.noteReply(bytes) } }
  func resetCounters() { state.withLock { $0.log = TapeRequestLog() } }
  var log: TapeRequestLog { state.withLock { $0.log } }

  // MARK: Recording

  func record(_ control: TapeControl) { state.withLock { $0.tape.controls.append(control) } }
  /// Starts recording an exchange as one the client is still waiting on (what a test that
  /// ends first leaves it as); returns its index for `record(_:in:)` and `recordEnd(in:)`.
  func recordStart(of request: TapeRequest) -> Int {
    state.withLock { state in
      state.tape.exchanges.append(TapeExchange(request: request, chunks: [], clientLeft: true))
      return state.tape.exchanges.count - 1
    }
  }

  /// Adds bytes that arrived `at` milliseconds into exchange `index`.
  func record(_ bytes: [UInt8], at: Int, in index: Int) {
    state.withLock { $0.tape.exchanges[index].chunks.append(TapeChunk(at: at, bytes: bytes)) }
  }

  /// Ends exchange `index`: server.py closed the connection, or (`clientLeft`) the client
  /// left before the reply was complete.
  func recordEnd(in index: Int, clientLeft: Bool) {
    state.withLock { $0.tape.exchanges[index].clientLeft = clientLeft }
  }
  func record(_ observation: TapeObservation) { state.withLock { $0.tape.observations.append(observation) } }

  // MARK: Replaying

  /// The next recorded control command, checked against what the test sent now.
  func replayControl(_ commands: JSONValue) -> TapeControl? {
    state.withLock { state in
      let sent = JSONWriter.string(commands, sortedKeys: true)
      guard state.nextControl < state.tape.controls.count else {
        state.problems.append("tape is stale: the test sent control \(sent), which its tape does not hold; \(rerecord)")
        return nil
      }
      let control = state.tape.controls[state.nextControl]
      state.nextControl += 1
      let recorded = JSONWriter.string(control.commands, sortedKeys: true)
      guard recorded == sent else {
        state.problems.append("tape is stale: the test sent control \(sent) where its tape has \(recorded); \(rerecord)")
        return nil
      }
      return control
    }
  }

  /// The reply to `request`: the first recorded exchange with the same method, target,
  /// `Accept`, `Authorization` and body not yet served; once all such are served, the last
  /// again (a request repeated more often than when recording gets the latest answer, and
  /// the test's counters tell the difference). `nil`, and a problem, when the tape never saw it.
  func replayExchange(for request: TapeRequest) -> TapeExchange? {
    state.withLock { state in
      let key = request.key
      let matching = state.tape.exchanges.indices.filter { state.tape.exchanges[$0].request.key == key }
      guard let index = matching.first(where: { !state.used.contains($0) }) ?? state.lastUsedByKey[key] else {
        state.problems.append(
          "tape is stale: the tape has no reply for \(request.summary) with body "
            + "\(request.body.map { JSONWriter.string($0, sortedKeys: true) } ?? request.bodyText ?? "none"); \(rerecord)")
        return nil
      }
      state.used.insert(index)
      state.lastUsedByKey[key] = index
      return state.tape.exchanges[index]
    }
  }

  /// The next recorded answer to `GET path`, or `nil` when the tape has none left.
  func replayObservation(path: String) -> JSONValue? {
    state.withLock { state in
      while state.nextObservation < state.tape.observations.count {
        let observation = state.tape.observations[state.nextObservation]
        state.nextObservation += 1
        if observation.path == path { return observation.reply }
      }
      state.problems.append("tape is stale: the test read \(path) more often than when recorded; \(rerecord)")
      return nil
    }
  }
}
