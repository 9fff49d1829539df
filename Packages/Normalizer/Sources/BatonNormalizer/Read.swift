/// Reads an operation's selections from a record source: its data, the records seen and
/// everything that went wrong. Reading never traps; a value that cannot be read as the
/// schema promises is reported and read as the type's zero value.
///
/// The read decides everything at once, as Relay's reader does: nulls, events and the
/// records seen, from an immutable source, so a handle's data is a consistent snapshot and
/// change notification compares seen records. Where nothing needs deciding, the data is a
/// lens over the records (`RecordLens`), whose slots are looked up when read; else the read
/// builds the data tree (see BENCHMARKS.md).
///
/// `root` is the record the root fields were stored on (see `normalize(response:for:variables:at:)`).
///
/// - Complexity: O(fields read).
public func read(
  _ source: RecordSource, operation: OperationDescriptor, variables: [String: JSONValue] = [:], at root: RecordID = .root
) -> ReadResult {
  if operation.catchTo == nil, operation.steps.mayReachAnEighth(of: source) {
    var walk = Reader(operation, source, variables)
    if let lens = walk.lensRead(root, operation.steps, weighingSource: true) { return lens }
  }
  var reader = Reader(operation, source, variables)
  return reader.readOperation(root, operation)
}

/// `read(_:operation:variables:at:)` reusing what `cache` kept of the last read of the
/// same operation and variables, and keeping this read's list items for the next. The
/// owner must `invalidate` the cache with every record changed in between.
///
/// The result's `seenRecords` are the records seen outside the lists the cache keeps;
/// `cache.allSeen(joining:)` adds the records their items saw, and
/// `cache.seenChanges(own:previousOwn:)` tells how the whole set moved since the last read.
package func read(
  _ source: RecordSource, operation: OperationDescriptor, variables: [String: JSONValue], at root: RecordID,
  cache: inout ReadCache
) -> ReadResult {
  // The last read with data saw too few records for a lens: this one most likely does too.
  let lastTooFew = cache.lastSeenCount.map { $0 * 8 < source.count } ?? false
  var lens: ReadResult?
  if operation.catchTo == nil, !lastTooFew, operation.steps.mayReachAnEighth(of: source) {
    var walk = Reader(operation, source, variables)
    walk.cache = consume cache
    lens = walk.lensRead(root, operation.steps, weighingSource: true)
    cache = walk.cache.take() ?? ReadCache()
  }
  var result: ReadResult
  if let lens {
    result = lens
  } else {
    var reader = Reader(operation, source, variables)
    reader.cache = consume cache
    result = reader.readOperation(root, operation)
    cache = reader.cache.take() ?? ReadCache()
  }
  cache.endRead()
  // A read without data (the root not fetched yet) tells nothing of the next one's size.
  cache.lastSeenCount = result.data == nil ? nil : result.seenRecords.count
  return result
}

/// Reads a fragment's own fields at the record a spread referenced (data masking).
public func read(_ source: RecordSource, fragment: Fragment, at reference: FragmentReference) -> ReadResult {
  // Weighed as an operation's read is: one author's fragment in a large source reads
  // quicker, and holds less, as a tree.
  readFragment(source, fragment, at: reference, sharing: nil, asLens: true, weighingSource: true)
}

/// `read(_:fragment:at:)`, where the reads of one spread's references share what their
/// lenses have in common: a read of every author of every comment makes one context, not
/// one each. `asLens`: whether the read may be a lens, as the read whose data holds the
/// spread was (a tree's spreads read as trees, holding no source either).
package func read(
  _ source: RecordSource, fragment: Fragment, at reference: FragmentReference, sharing contexts: inout LensContexts,
  asLens: Bool
) -> ReadResult {
  let shared = contexts[reference.scope]
  guard asLens else { return readFragment(source, fragment, at: reference, sharing: nil, asLens: false) }
  let result = readFragment(source, fragment, at: reference, sharing: shared, asLens: true)
  if shared == nil, let context = result.data?.lensContext { contexts.add(context, for: reference.scope) }
  return result
}

private func readFragment(
  _ source: RecordSource, _ fragment: Fragment, at reference: FragmentReference, sharing shared: LensContext?,
  asLens: Bool, weighingSource: Bool = false
) -> ReadResult {
  func reader() -> Reader {
    Reader(
      source: source, owner: .fragment(fragment.name), variables: reference.variables, onError: reference.onError,
      throwOnFieldError: fragment.throwOnFieldError)
  }
  if asLens, fragment.catchTo == nil, !weighingSource || fragment.steps.mayReachAnEighth(of: source) {
    var walk = reader()
    if let lens = walk.lensRead(reference.record, fragment.steps, sharing: shared, weighingSource: weighingSource) {
      return lens
    }
  }
  var reader = reader()
  var result = reader.readRoot(
    reference.record, selections: fragment.steps, slotCount: fragment.slotCount, catching: fragment.catchTo != nil)
  // A field error's null that reached the fragment's root belongs to an ancestor outside
  // it, which a fragment read alone does not have: no `nil` is made up for it.
  if result.data == nil, result.failure == nil, fragment.catchTo == nil, reader.nulledByFieldError {
    result.failure = .fieldErrors(result.fieldErrors)
  }
  return result
}
