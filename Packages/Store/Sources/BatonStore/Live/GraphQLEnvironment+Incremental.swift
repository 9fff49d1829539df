@_spi(Development) import BatonNormalizer
import BatonTransport
import Foundation

extension GraphQLEnvironment {
  /// A fetch of an operation with `@defer` or `@stream`: the initial payload settles the
  /// fetch as any response does (the handle is ready, its deferred fragments pending); each
  /// later payload is written as it arrives and re-reads only the handles that read a record
  /// it changed. A transport that gives one payload answers the operation whole.
  ///
  /// Parts still pending when the reply ends (it broke off, or a later payload was
  /// malformed) are marked failed on their records, so no read waits for them forever; a
  /// broken-off reply also shows as the operation's failed fetch, behind its data.
  func runIncrementally(
    _ start: StoreChanges.FetchStart, noting retries: @escaping RetryNotices
  ) async {
    var response = IncrementalResponse(
      operation: start.reader.operation, variables: start.reader.variables, at: start.reader.root)
    var settled = false
    logRequest(start)
    let replies = transport.send(start.request, in: TransportContext(clock: clock))
    do {
      for try await reply in replies {
        let bytes: [UInt8]
        switch reply {
        case .payload(let payload): bytes = payload.body
        case .retrying(let attempt, let next):
          retries((attempt, next))
          continue
        case .resending:
          retries(nil)
          continue
        case .sending:
          continue
        }
        if settled {
          switch applyIncrement(bytes, to: &response, for: start) {
          case .written: break
          case .malformed(let failure): end(&response, for: start, failing: failure); return
          case .dropped: return
          }
        } else {
          settled = true
          let outcome = logged(Self.initialPayload(bytes, into: &response, in: visibleRecords, at: clock.now), of: start)
          settle(start, outcome, continuing: true)
          // Failed, or dropped because the store was reset or the last holder went first.
          guard isWritingIncrements(start) else { return }
        }
      }
      if !settled {
        settle(start, logged(.failure(FetchFailure(.transport, at: clock.now, message: "The reply had no payload.")), of: start))
        return
      }
      // A cancelled task's stream ends rather than throws.
      end(&response, for: start, failing: nil, cancelled: Task.isCancelled)
    } catch is CancellationError {
      if settled { end(&response, for: start, failing: nil, cancelled: true) } else { settle(start, nil) }
    } catch {
      let kind = (error as? TransportError)?.kind.fetchKind ?? .transport
      let failure = FetchFailure(kind, at: clock.now, message: (error as? TransportError)?.message ?? String(describing: error))
      logFailure(failure, of: start.reader.operation)
      if settled { end(&response, for: start, failing: failure) } else { settle(start, .failure(failure)) }
    }
  }

  private static func initialPayload(
    _ bytes: [UInt8], into response: inout IncrementalResponse, in source: RecordSource, at now: Date
  ) -> Result<ResponsePayload, FetchFailure> {
    do {
      let payload = try response.normalize(bytes, in: source)
      guard payload.hasData else {
        return .failure(FetchFailure(
          .graphQL(payload.operationErrors), at: now, message: payload.operationErrors.map(\.message).joined(separator: "; ")))
      }
      return .success(payload)
    } catch {
      return .failure(FetchFailure(.malformed, at: now, message: error.description))
    }
  }

  private enum IncrementOutcome {
    case written
    case malformed(FetchFailure)
    /// The store no longer takes this fetch's payloads: it was reset (the reply is the old
    /// session's), or a newer fetch of the operation took over.
    case dropped
  }

  /// Whether `start` is the fetch whose later payloads the store takes.
  private func isWritingIncrements(_ start: StoreChanges.FetchStart) -> Bool {
    state.withLock { $0.takesIncrements(of: start) }
  }

  /// Writes one later payload; nothing when it is malformed, or when the store no longer
  /// takes this fetch's payloads.
  private func applyIncrement(
    _ bytes: [UInt8], to response: inout IncrementalResponse, for start: StoreChanges.FetchStart
  ) -> IncrementOutcome {
    update { state -> IncrementOutcome in
      guard state.takesIncrements(of: start) else { return .dropped }
      let now = clock.now
      let payload: ResponsePayload
      do {
        payload = try response.normalize(bytes, in: state.visible)
      } catch {
        return .malformed(FetchFailure(.malformed, at: now, message: String(describing: error)))
      }
      let written = state.commitResponse(payload, reader: start.reader, at: now, logsPages: false)
      state.recordsChanged(written.changed.union(written.aged), now: now)
      if !payload.operationErrors.isEmpty, var entry = state.operations[start.key] {
        entry.image.operationErrors += payload.operationErrors
        state.operations[start.key] = entry
      }
      state.touchImage()
      return .written
    }
  }

  /// Marks the parts still pending failed and, with `failure`, shows it as the fetch's.
  /// `cancelled`: the last holder went before the reply ended, so the operation is also
  /// marked stale and the next watch fetches what never arrived.
  private func end(
    _ response: inout IncrementalResponse, for start: StoreChanges.FetchStart, failing failure: FetchFailure?,
    cancelled: Bool = false
  ) {
    update { state in
      // Not after a reset: the store no longer holds anything of this reply.
      guard state.takesIncrements(of: start) else { return }
      let now = clock.now
      let abandoned = response.abandon(in: state.visible)
      if !abandoned.isEmpty {
        state.recordsChanged(state.commit(abandoned), now: now)
        state.touchImage()
      }
      state.operations[start.key]?.increments = nil
      if cancelled, !abandoned.isEmpty { state.markStale(start.key, now: now) }
      guard let failure, var entry = state.operations[start.key], entry.lifecycle.running == nil else { return }
      entry.lifecycle = .failed(failure)
      state.operations[start.key] = entry
      state.refresh(reread: [], restatus: entry.holders, now: now)
    }
  }
}

extension StoreState {
  /// Whether `start` is the fetch whose later payloads the store takes: not after a reset,
  /// nor once a newer fetch of the operation settled.
  func takesIncrements(of start: StoreChanges.FetchStart) -> Bool {
    operations[start.key]?.increments?.id == start.id
  }
}
