import BatonNormalizer

/// An operation's seen records (`OperationImage.seenRecords`), held as a set or read on
/// demand: an image of a large store loads its operations without their seen records, which
/// together name every record, and reads an operation's the first time something asks.
struct OperationSeenRecords: Sendable, Hashable {
  private enum Storage: Sendable {
    case loaded(Set<RecordID>)
    /// Read once, the first time they are asked for; the lock is the loader, so that an
    /// image of a thousand operations makes one object per operation, not two.
    case onDemand(Locked<Loading>)
  }

  private enum Loading {
    case pending(@Sendable () -> Set<RecordID>)
    case read(Set<RecordID>)
  }

  private let storage: Storage

  init(_ records: Set<RecordID>) {
    storage = .loaded(records)
  }

  init(onDemand read: @escaping @Sendable () -> Set<RecordID>) {
    storage = .onDemand(Locked(.pending(read)))
  }

  var records: Set<RecordID> {
    switch storage {
    case .loaded(let records): records
    case .onDemand(let loading):
      loading.withLock { loading in
        switch loading {
        case .read(let records): return records
        case .pending(let read):
          let records = read()
          loading = .read(records)
          return records
        }
      }
    }
  }

  static func == (lhs: OperationSeenRecords, rhs: OperationSeenRecords) -> Bool {
    // The same loader holds the same records: a frame comparing a loaded image's operations
    // with those it was loaded with need not read them.
    if case .onDemand(let left) = lhs.storage, case .onDemand(let right) = rhs.storage, left === right { return true }
    return lhs.records == rhs.records
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(records)
  }
}
