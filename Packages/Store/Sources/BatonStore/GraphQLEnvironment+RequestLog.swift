import BatonNormalizer

extension GraphQLEnvironment {
  /// Logs a request about to be sent (`LogEvent.Kind.fetch`), saying what it is for: a page
  /// or a heal has no fetch state on the operation, so without this it would go unseen.
  func logRequest(_ start: StoreChanges.FetchStart) {
    log.record(LogEvent(.fetch(Self.purpose(of: start)), owner: .operation(start.reader.operation.name)))
  }

  /// Logs a request of `operation` that failed (`LogEvent.Kind.fetchFailed`).
  func logFailure(_ failure: FetchFailure, of operation: OperationDescriptor) {
    log.record(LogEvent(.fetchFailed(failure), owner: .operation(operation.name)))
  }

  /// `outcome`, its failure logged.
  func logged<Value>(
    _ outcome: Result<Value, FetchFailure>?, of start: StoreChanges.FetchStart
  ) -> Result<Value, FetchFailure>? {
    if case .failure(let failure)? = outcome { logFailure(failure, of: start.reader.operation) }
    return outcome
  }

  private static func purpose(of start: StoreChanges.FetchStart) -> String {
    if start.isHeal { return "heal" }
    switch start.reader.operation.kind {
    case .mutation: return "mutation"
    case .subscription: return "subscription"
    // A page has no operation entry of its own (see `fetchPage`).
    case .query: return start.key.isEmpty ? "page" : "query"
    }
  }
}
