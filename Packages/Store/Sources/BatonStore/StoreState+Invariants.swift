import BatonNormalizer
import Foundation

/// The rules the store's state keeps between updates, checked after every update in a
/// debug build (`GraphQLEnvironment.update`), as Relay checks its store in development.
/// A broken rule is a bug in the store, never in the input: it is raised as a runtime
/// issue naming the rule, which tests turn into a failure.
///
/// Each check costs what the update could have broken, not the store's size: it looks at
/// the operations the update changed, the handles it re-read or that hold those, the
/// records it wrote, and the release buffer (bounded by its size).
extension StoreState {
  enum Invariant: CaseIterable, Sendable {
    case handleHoldsItsOperation
    case holdersAreLiveHandles
    case networkHoldersCounted
    case releasedAreTheUnheld
    case releaseBufferBounded
    case unheldFetchNothing
    case handlesShowTheirFetch
    case imageSeenIsItsHandles
    case indexHoldsSeenRecords
    case writtenLinksResolve
    case outboxLayersShown
    case outboxSendsOneAtATime

    var rule: String {
      switch self {
      case .handleHoldsItsOperation: "every registered handle is a holder of its operation"
      case .holdersAreLiveHandles: "every holder of an operation is a registered handle of that operation"
      case .networkHoldersCounted: "an operation counts as network holders the holders that allow the network"
      case .releasedAreTheUnheld: "the release buffer holds every operation no handle holds, once, and no other"
      case .releaseBufferBounded: "the release buffer holds at most releaseBufferSize operations"
      case .unheldFetchNothing: "an operation no handle holds has no fetch in flight"
      case .handlesShowTheirFetch: "every handle shows its operation's fetch as it is (none waits on a finished fetch)"
      case .imageSeenIsItsHandles: "an operation's seen records are those of the handle it names"
      case .indexHoldsSeenRecords: "the index from records to handles has every record a re-read handle saw"
      case .writtenLinksResolve: "every link a write put in the base leads to a record in the base"
      case .outboxLayersShown:
        "every pending outbox entry with an optimistic response shows its layer, and no settled one does"
      case .outboxSendsOneAtATime: "at most one outbox entry is on its way, and only while a replay runs"
      }
    }
  }

  /// One broken rule, with where.
  struct InvariantViolation: CustomStringConvertible, Sendable {
    let invariant: Invariant
    let detail: String

    var description: String {
      "The store broke its invariant that \(invariant.rule): \(detail). This is a bug in Baton's store."
    }
  }

  /// The rules the state breaks now; empty when it keeps them all. `operationKeys` and
  /// `handleIDs` limit the checks of single operations and handles to those (`nil`: all).
  func invariantViolations(operationKeys: Set<String>? = nil, handleIDs: Set<Int>? = nil) -> [InvariantViolation] {
    var held: [any HandleSink] = []
    return invariantViolations(operationKeys: operationKeys, handleIDs: handleIDs, holding: &held)
  }

  /// `invariantViolations(operationKeys:handleIDs:)`, adding to `held` every handle it looked
  /// at: the caller releases them once the lock is released, as a handle whose last reference
  /// goes runs its deinit, which takes the lock.
  func invariantViolations(
    operationKeys: Set<String>?, handleIDs: Set<Int>?, holding held: inout [any HandleSink]
  ) -> [InvariantViolation] {
    var violations: [InvariantViolation] = []
    func fail(_ invariant: Invariant, _ detail: String) {
      violations.append(InvariantViolation(invariant: invariant, detail: detail))
    }
    for id in handleIDs.map(Array.init) ?? Array(handles.ids) {
      guard let registration = handles[id] else { continue }
      guard let entry = operations[registration.key], entry.holders.contains(id) else {
        fail(.handleHoldsItsOperation, "handle \(id) is not a holder of \(registration.key)")
        continue
      }
      let sink = registration.sink
      if let sink { held.append(sink) }
      if let shown = sink?.shownFetch, shown != entry.fetch {
        fail(.handlesShowTheirFetch, "handle \(id) shows \(shown), its operation \(registration.key) is \(entry.fetch)")
      }
      if entry.seenRecordsOf == id, entry.image.seenRecords != registration.seen {
        fail(.imageSeenIsItsHandles, "\(registration.key) names handle \(id) and keeps other seen records")
      }
    }
    let buffered = checkReleased(fail)
    for key in operationKeys.map(Array.init) ?? Array(operations.keys) {
      guard let entry = operations[key] else { continue }
      var networkHolders = 0
      for holder in entry.holders {
        guard let registration = handles[holder], registration.key == key else {
          fail(.holdersAreLiveHandles, "holder \(holder) of \(key) is not a handle of it")
          continue
        }
        if registration.allowsNetwork { networkHolders += 1 }
      }
      if networkHolders != entry.networkHolders {
        fail(.networkHoldersCounted, "\(key) counts \(entry.networkHolders), its holders are \(networkHolders)")
      }
      guard entry.holders.isEmpty else { continue }
      if !buffered.contains(key) { fail(.releasedAreTheUnheld, "\(key) is unheld and not in the buffer") }
      if let running = entry.lifecycle.running {
        fail(.unheldFetchNothing, "\(key) has fetch \(running.id) in flight")
      }
    }
    #if DEBUG
      checkSinceLastCheck(fail)
    #endif
    return violations
  }

  /// Checks the release buffer, at most `releaseBufferSize` keys while it keeps its bound;
  /// returns the keys in it.
  private func checkReleased(_ fail: (Invariant, String) -> Void) -> Set<String> {
    var buffered: Set<String> = []
    for key in operations.released {
      guard buffered.insert(key).inserted else {
        fail(.releasedAreTheUnheld, "\(key) is in the buffer twice")
        continue
      }
      if operations[key]?.holders.isEmpty != true {
        fail(.releasedAreTheUnheld, "\(key) is in the buffer and held or gone")
      }
    }
    if operations.released.count > operations.releaseBufferSize {
      fail(
        .releaseBufferBounded,
        "\(operations.released.count) buffered, the size is \(operations.releaseBufferSize)")
    }
    return buffered
  }

  #if DEBUG
    /// Raises a runtime issue for each rule the state breaks, looking at the operations the
    /// update changed and the handles it re-read or that hold those, then starts the next
    /// check's scope.
    mutating func checkInvariants() {
      var keys = operations.touched
      var ids = sinceCheck.reread
      for id in sinceCheck.reread {
        if let key = handles[id]?.key { keys.insert(key) }
      }
      for key in keys { ids.formUnion(operations[key]?.holders ?? []) }
      var held: [any HandleSink] = []
      for violation in invariantViolations(operationKeys: keys, handleIDs: ids, holding: &held) {
        RuntimeIssues.report(violation.description)
      }
      changes.retained.append(contentsOf: held)
      sinceCheck = InvariantScope()
      operations.touched = []
    }

    /// The checks of what changed since the last check: the links of the records written,
    /// the index entries of the handles re-read, and the outbox if it changed.
    private func checkSinceLastCheck(_ fail: (Invariant, String) -> Void) {
      if sinceCheck.outbox { checkOutbox(fail) }
      for id in sinceCheck.written {
        guard let record = base[id] else { continue }
        for (field, value) in record.fields {
          for link in value.value.links where !base.contains(link) {
            fail(.writtenLinksResolve, "\(id).\(field) leads to \(link), which is not in the base")
          }
        }
      }
      guard let index = handles.index else { return }
      for id in sinceCheck.reread {
        for record in handles[id]?.seen ?? [] {
          var holders: Set<Int> = []
          index[record]?.add(to: &holders)
          if !holders.contains(id) { fail(.indexHoldsSeenRecords, "handle \(id) saw \(record), the index does not say so") }
        }
      }
    }

    /// The outbox's rules; it holds the few mutations made offline, so all of it is looked at.
    private func checkOutbox(_ fail: (Invariant, String) -> Void) {
      var sending = 0
      for entry in outbox.entries {
        if entry.state == .sending { sending += 1 }
        let layer = outbox.layers[entry.id]
        if entry.state.isPending, entry.hasLayer, !(layer.map { records.hasLayer($0) } ?? false) {
          fail(.outboxLayersShown, "pending entry \(entry.id) shows no layer")
        }
        if !entry.state.isPending, let layer {
          fail(.outboxLayersShown, "settled entry \(entry.id) keeps layer \(layer)")
        }
      }
      if sending > (outbox.isSending ? 1 : 0) {
        fail(.outboxSendsOneAtATime, "\(sending) entries are on their way, a replay \(outbox.isSending ? "runs" : "does not run")")
      }
    }
  #endif
}

/// What changed since the store last checked its invariants, so that the next check looks
/// at that alone. Kept in debug builds only.
struct InvariantScope {
  /// Records written over the base; emptied when records leave the base, since a record
  /// removed (`@deleteRecord`, garbage collection) may leave links to it behind.
  var written: Set<RecordID> = []
  /// Handles whose seen records were indexed.
  var reread: Set<Int> = []
  /// Whether the outbox changed.
  var outbox = false
}
