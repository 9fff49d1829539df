import BatonStore
import BatonTransport
import Synchronization

/// A transport that adds up the time spent inside another, to tell the server's and the
/// network's share of a fetch from Baton's.
final class TimedTransport: Transport {
  let base: any Transport
  private let total = Mutex(0.0)

  init(_ base: any Transport) {
    self.base = base
  }

  /// Seconds spent in `send` so far.
  var elapsed: Double { total.withLock { $0 } }

  func send(_ request: GraphQLRequest, in context: TransportContext) -> TransportReplies {
    .payload {
      let start = Clock.now()
      defer {
        let spent = Clock.now() - start
        self.total.withLock { $0 += spent }
      }
      return try await self.base.payload(for: request, in: context)
    }
  }
}
