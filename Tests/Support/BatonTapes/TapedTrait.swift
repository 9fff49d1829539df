import BatonTestServer
import Foundation
import Synchronization
import TestPrerequisites
import Testing

/// Runs each test of a suite on its tape: replaying it from an in-process server by
/// default, so the suite needs nothing but the checkout, or recording it from server.py
/// with `BATON_TAPES=record` (which needs `.venv`).
///
/// The tape of `test` in `Suite.swift` is `Tapes/<Suite>/<test>.json` in the test target's
/// folder; the cases of a parameterized test get `<test>-<n>.json`, numbered in the order
/// they run (a serialized suite runs them in argument order). When the test ends, what
/// did not fit the tape (a request it has no reply for, another control command) is
/// recorded as an issue of the test, saying how to re-record.
public struct TapedTrait: SuiteTrait, TestTrait, TestScoping {
  /// How many cases of each parameterized test have begun, for their tapes' numbers.
  private let ordinals = Ordinals()

  public var isRecursive: Bool { true }

  public func scopeProvider(for test: Test, testCase: Test.Case?) -> TapedTrait? {
    testCase == nil ? nil : self
  }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let source = URL(fileURLWithPath: test.sourceLocation.filePath).resolvingSymlinksInPath()
    let suite = source.deletingPathExtension().lastPathComponent
    let base = String(test.name.prefix { $0 != "(" })
    let ordinal = testCase?.isParameterized == true ? ordinals.next("\(suite)/\(base)") : nil
    let file = Self.tapes(beside: source).appendingPathComponent(suite)
      .appendingPathComponent(base + (ordinal.map { "-\($0)" } ?? "") + ".json")
    let name = "\(suite)/\(base)" + (ordinal.map { " case \($0)" } ?? "")
    let scope = TapeScope(
      file: file, name: name,
      rerecord: "re-record with BATON_TAPES=record swift test --filter \(suite)/\(base) (needs .venv; Tools/test.sh makes it)")
    if scope.mode == .record && !FileManager.default.fileExists(atPath: Prerequisite.testServer.url.path) {
      Issue.record(Comment(rawValue: "recording \(name) needs the loopback server: \(Prerequisite.testServer.reason)"))
      return
    }
    var failure: (any Error)?
    do {
      try await TapeScope.$current.withValue(scope) { try await function() }
    } catch {
      failure = error
    }
    for problem in scope.problems {
      Issue.record(Comment(rawValue: "\(name): \(problem)"), sourceLocation: test.sourceLocation)
    }
    try scope.finish()
    if let failure { throw failure }
  }

  /// `Tapes` in the test target's folder: the folder under `Tests` holding `source`.
  private static func tapes(beside source: URL) -> URL {
    var folder = source.deletingLastPathComponent()
    while folder.path != "/" && folder.deletingLastPathComponent().lastPathComponent != "Tests" {
      folder = folder.deletingLastPathComponent()
    }
    return folder.appendingPathComponent("Tapes")
  }
}

extension Trait where Self == TapedTrait {
  /// Runs each test on its recorded exchanges with the loopback server (`TapedTrait`).
  public static var taped: Self { TapedTrait() }
}

/// A counter per key, shared by the copies of one trait value.
private final class Ordinals: Sendable {
  private let counts = Mutex<[String: Int]>([:])

  func next(_ key: String) -> Int {
    counts.withLock { counts in
      defer { counts[key, default: 0] += 1 }
      return counts[key, default: 0]
    }
  }
}
