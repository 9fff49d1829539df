@_spi(Development) import BatonNormalizer

extension GraphQLEnvironment {
  /// Runs a mutation with a typed optimistic response, as `mutate(_:optimisticResponse:updater:)`
  /// does with JSON: `optimisticResponse` (built with the generated initializers) is
  /// written as a layer at once, with what `optimisticUpdater` changes on it, and removed
  /// when the mutation settles, success or failure.
  public func mutate<Mutation: GraphQLOperation>(
    _ mutation: Mutation, optimisticResponse: Mutation.Data,
    updater: (@Sendable (inout RecordUpdater) -> Void)? = nil,
    optimisticUpdater: (@Sendable (inout RecordUpdater) -> Void)? = nil
  ) async throws(OperationError) -> Mutation.Data where Mutation.Data: GraphQLData {
    try await mutate(
      mutation, optimisticResponse: optimisticResponse.__response.data, updater: updater,
      optimisticUpdater: optimisticUpdater)
  }

  /// Writes typed data for an operation's selections, as `commitPayload(_:_:)` writes JSON,
  /// with the field errors the data holds (`withFieldError(_:at:)`, a caught `.failure`)
  /// stored beside their fields, as a fetched response's are, and a `@connection`'s page
  /// merged into its connection, as a fetched page is (so a page built with its `pageInfo`
  /// reads back and pages on). Handles that read what changed are notified.
  public func commitPayload<Request: GraphQLOperation>(
    _ request: Request, _ data: Request.Data
  ) throws(NormalizeError) where Request.Data: GraphQLData {
    let response = data.__response
    try commit(response.data, errors: response.errors, for: request)
  }

  /// Writes a fragment's data (or any generated data's) at `record`: the fields it selects,
  /// the objects it links and their fields. Handles that read what changed are notified.
  /// Arguments that name variables are written as if the variables were not given, but for
  /// `@include`/`@skip`: the data's conditional fields are written where it holds them. The
  /// data's field errors are stored beside their fields.
  public func commit<Fragment: GraphQLData>(_ data: Fragment, for record: RecordID) throws(NormalizeError) {
    let response = data.__response
    let records = try normalize(
      payload: response.data, selections: Fragment.__selections, at: record, variables: response.variables,
      isPartial: true, errors: response.errors)
    update { state in
      state.recordsChanged(state.commit(records), now: clock.now)
    }
  }
}
