import Foundation

#if canImport(FoundationNetworking)
  /// The delegate queue of an `HTTPTransport`'s session on FoundationNetworking (Linux): runs
  /// each block where it is added, instead of queueing it.
  ///
  /// FoundationNetworking hands every chunk libcurl writes to the delegate queue and cannot
  /// pause or abort a transfer from the delegate, so on a queue of its own a gzip body that
  /// inflates from 1 MB to 1 GB sat in memory whole before the collector saw
  /// it pass the limit. Run inline, each chunk reaches `ResponseCollector` in libcurl's write
  /// callback and is dropped at once past the limit, so memory stays at the limit. The
  /// callbacks already run one at a time there, as on a serial queue; the collector only
  /// takes its own lock and cancels tasks asynchronously. Darwin's URLSession, whose
  /// delivery this does not describe, keeps a queue of its own.
  final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
    // @unchecked: no state of its own; OperationQueue is thread-safe.
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
      block()
    }
  }
#endif
