extension Unmanaged {
  /// Calls `body` with the instance borrowed: no retain before, no release after. The
  /// caller holds what keeps the instance alive (see `SelectionSteps`). Unlike the
  /// standard library's `_withUnsafeGuaranteedRef`, under which it runs, it keeps `body`'s
  /// error type.
  @inline(__always)
  func withBorrowed<Result, Failure: Error>(_ body: (Instance) throws(Failure) -> Result) throws(Failure) -> Result {
    let outcome: Swift.Result<Result, Failure> = _withUnsafeGuaranteedRef { instance in
      do throws(Failure) {
        return .success(try body(instance))
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }
}
