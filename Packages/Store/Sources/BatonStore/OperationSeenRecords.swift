import BatonNormalizer

/// An operation's seen records (`OperationImage.seenRecords`), held as a set or read on
/// demand: an image of a large store loads its operations without their seen records, which
/// together name every record, and reads an operation's the first time something asks.
struct OperationSeenRecords: Sendable, Hashable {
  private enum Storage: Sendable {
    case loaded(Set<RecordID>)
    case onDemand(Loader)
  }

  /// Reads the records once, the first time they are asked for.
  final class Loader: Sendable {
    private let state: Locked<State>

    enum State {
      case pending(@Sendable () -> Set<RecordID>)
      case read(Set<RecordID>)
    }

    init(_ read: @escaping @Sendable () -> Set<RecordID>) {
      state = Locked(.pending(read))
    }

    var records: Set<RecordID> {
      state.withLock { state in
        switch state {
        case .read(let records): return records
        case .pending(let read):
          let records = read()
          state = .read(records)
          return records
        }
      }
    }
  }

  private let storage: Storage

  init(_ records: Set<RecordID>) {
    storage = .loaded(records)
  }

  init(onDemand read: @escaping @Sendable () -> Set<RecordID>) {
    storage = .onDemand(Loader(read))
  }

  var records: Set<RecordID> {
    switch storage {
    case .loaded(let records): records
    case .onDemand(let loader): loader.records
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
