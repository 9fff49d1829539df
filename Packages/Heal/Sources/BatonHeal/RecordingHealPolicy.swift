import BatonStore
import Foundation

/// A heal policy for tests: answers as told and remembers every request, in order. The
/// environment raises the runtime issues, as for any policy; the requests are what a test
/// checks.
///
/// ```swift
/// let heal = RecordingHealPolicy()
/// let environment = GraphQLEnvironment(transport: transport, heal: heal)
/// ```
public final class RecordingHealPolicy: HealPolicy, @unchecked Sendable {  // `asked` is only touched under `lock`.
  /// What `shouldRefetch` answers.
  public let refetches: Bool
  private let lock = NSLock()
  private var asked: [HealRequest] = []
  private var told: [String] = []

  /// A policy that records every request and answers `refetches` to each.
  public init(refetches: Bool = true) {
    self.refetches = refetches
  }

  /// Every request the environment made, oldest first.
  public var requests: [HealRequest] {
    lock.withLock { asked }
  }

  /// Why each missing read was not refetched (`missingDataNotRefetched`), oldest first.
  public var skipReasons: [String] {
    lock.withLock { told }
  }

  /// Records `request` and answers as set at init.
  public func shouldRefetch(_ request: HealRequest) -> Bool {
    lock.withLock { asked.append(request) }
    return refetches
  }

  /// Records why the environment did not refetch.
  public func missingDataNotRefetched(_ request: HealRequest, reason: String) {
    lock.withLock { told.append(reason) }
  }
}
