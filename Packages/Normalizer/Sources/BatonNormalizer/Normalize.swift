/// Normalizes a GraphQL response for an operation into a changeset of records.
///
/// Strict: a selected field the response omits, a scalar or list where an
/// object is selected, or an object where a built-in scalar or enum is, fails the whole
/// response as malformed. Values that break only the schema's promise (null in a non-null
/// field, a string where an `Int` is declared) are stored as they came; the reader reports
/// them. Nothing is written to any store here: the result is a new changeset.
///
/// `root` is where the operation's root fields are stored: the query root by default; a
/// subscription's events go to a root of their own, so that its root fields changing on every
/// event re-read no query.
///
/// The bytes are read into a `JSONTape`, whose tokens the normalizer walks as it goes
/// through the selections: no tree of the response is built, and only the strings and
/// numbers a record keeps become text.
///
/// - Complexity: O(size of the response + total length of the error paths).
@_spi(Development) public func normalize(
  response bytes: [UInt8], for operation: OperationDescriptor, variables: [String: JSONValue] = [:],
  at root: RecordID = .root
) throws(NormalizeError) -> ResponsePayload {
  if let tape = JSONTape(scanning: bytes, depthLimit: NestingLimit.responseJSON) {
    return try normalize(tape, for: operation, variables: variables, at: root)
  }
  // The scan only says the text is not JSON the reader takes; the reader says why and where.
  let json: JSONValue
  let depth: Int
  do {
    (json, depth) = try JSONReader.parseMeasuringDepth(bytes, depthLimit: NestingLimit.responseJSON)
  } catch {
    throw NormalizeError(.invalidJSON(error), path: error.path)
  }
  let tape = JSONTape(json)
  if depth > JSONValue.freedByRecursion { JSONValue.dismantle(consume json) }
  return try normalize(tape, for: operation, variables: variables, at: root)
}

/// Normalizes an already parsed GraphQL response; see `normalize(response:for:variables:)`.
@_spi(Development) public func normalize(
  response json: JSONValue, for operation: OperationDescriptor, variables: [String: JSONValue] = [:],
  at root: RecordID = .root
) throws(NormalizeError) -> ResponsePayload {
  try normalize(JSONTape(json), for: operation, variables: variables, at: root)
}

private func normalize(
  _ tape: JSONTape, for operation: OperationDescriptor, variables: [String: JSONValue], at root: RecordID
) throws(NormalizeError) -> ResponsePayload {
  let body = try ResponseBody(tape)
  var normalizer = ResponseNormalizer(variables: variables, isPartial: false, errorCount: body.errors.count)
  guard let data = body.data else {
    return ResponsePayload(
      records: RecordSource(), operationErrors: body.errors.map(\.error), hasData: false, extensions: body.extensions)
  }
  try normalizer.normalizeRoot(
    tape, object: data, selections: ObjectSelections(operation.steps, mayOverlap: operation.selectionsMayOverlap), at: root,
    errors: ErrorTrie(body.errors), responsePath: [.key("data")])
  let operationErrors = body.errors.filter { !normalizer.landed[$0.index] }.map(\.error)
  var payload = ResponsePayload(
    records: RecordSource(records: normalizer.changeset), operationErrors: operationErrors, hasData: true,
    extensions: body.extensions)
  payload.connectionPages = normalizer.connectionPages
  payload.listEdits = normalizer.listEdits
  return payload
}

/// Normalizes an optimistic response (or typed data a commit writes) for `operation`'s
/// selections as `normalize(payload:selections:at:variables:isPartial:errors:)` does, keeping its
/// `@connection` pages and list edits to apply as a fetch's are.
package func normalizeOptimistic(
  payload: JSONValue, for operation: OperationDescriptor, variables: [String: JSONValue] = [:], errors: [FieldError] = []
) throws(NormalizeError) -> ResponsePayload {
  // The operation's steps, made once: steps made for each write built their slot table and
  // bound each time.
  let normalizer = try normalizeLocal(
    payload, operation.steps, at: .root, variables: variables, isPartial: true, errors: errors)
  var payload = ResponsePayload(
    records: RecordSource(records: normalizer.changeset), operationErrors: [], hasData: true, extensions: nil)
  payload.connectionPages = normalizer.connectionPages
  payload.listEdits = normalizer.listEdits
  return payload
}

/// Normalizes a local payload (an optimistic response, `commitPayload`) for `selections`
/// on the record `root`. With `isPartial`, fields the payload leaves out are left alone
/// rather than failing, and nothing is invented for them. `errors` (a built data's
/// `DataResponse.errors`, paths from the payload's top) are stored beside their fields, as
/// a response's are.
@_spi(Development) public func normalize(
  payload: JSONValue, selections: [Selection], at root: RecordID = .root, variables: [String: JSONValue] = [:],
  isPartial: Bool = false, errors: [FieldError] = []
) throws(NormalizeError) -> RecordSource {
  let normalizer = try normalizeLocal(
    payload, SelectionSteps(selections), at: root, variables: variables, isPartial: isPartial, errors: errors)
  return RecordSource(records: normalizer.changeset)
}

/// The normalizer that has written a local payload, which must be an object, for `steps` at
/// `root`; what the two functions above keep of it differs.
private func normalizeLocal(
  _ payload: JSONValue, _ steps: SelectionSteps, at root: RecordID, variables: [String: JSONValue], isPartial: Bool,
  errors: [FieldError]
) throws(NormalizeError) -> ResponseNormalizer {
  guard case .object(let members) = payload else {
    throw NormalizeError(.unexpectedShape(expected: "an object", found: payload.kindDescription))
  }
  var normalizer = ResponseNormalizer(variables: variables, isPartial: isPartial, errorCount: errors.count)
  let trie = errors.isEmpty ? nil : ErrorTrie(errors.enumerated().map { ($0.offset, $0.element.path, $0.element) })
  try normalizer.normalizeRoot(members, selections: ObjectSelections(steps), at: root, errors: trie, responsePath: [])
  return normalizer
}
