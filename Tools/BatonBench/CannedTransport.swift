import BatonStore
import BatonTransport

/// A transport that answers every request with the same body, to time Baton alone.
struct CannedTransport: Transport {
  let body: [UInt8]
  func send(_ request: GraphQLRequest, in context: TransportContext) -> TransportReplies {
    .payload { TransportPayload(body) }
  }
}
