import BatonNormalizer
import Foundation

/// What the inspector (BatonInspector) shows of a live store: the records reads see and
/// every tracked operation with its fetch state, how long its fetch stays fresh and how
/// many handles hold it. One lock, so records and operations agree.
package struct StoreInspection: Sendable, Equatable {
  package struct Operation: Sendable, Equatable {
    package var image: OperationImage
    package var fetch: FetchState
    package var staleAfter: Duration?
    package var holders: Int
  }

  package var records: RecordSource
  /// Least recently used first, as the image orders them.
  package var operations: [Operation]
  /// When each field with a max age was fetched, and its max age.
  package var fieldAges: FieldAges
}

extension GraphQLEnvironment {
  /// The store as it is now, for the inspector.
  ///
  /// - Complexity: O(operations log operations); the records are a shared snapshot.
  package func inspection() -> StoreInspection {
    state.withLock { state in
      let operations = state.operationsByUse.compactMap { image -> StoreInspection.Operation? in
        guard let entry = state.operations[image.key] else { return nil }
        return StoreInspection.Operation(
          image: entry.image, fetch: entry.fetch, staleAfter: entry.staleAfter ?? staleAfter, holders: entry.holders.count)
      }
      return StoreInspection(records: state.visible, operations: operations, fieldAges: state.fieldAges)
    }
  }
}
