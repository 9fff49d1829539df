import BatonStore
import Foundation

/// An in-process transport: answers each operation with the response body it was given
/// for that operation's name, and counts what it was sent.
final class ScriptedTransport: Transport, @unchecked Sendable {  // `sent` is only touched under `lock`.
  private let responses: [String: String]
  private let lock = NSLock()
  private var sent: [String] = []

  init(_ responses: [String: String]) {
    self.responses = responses
  }

  /// How many requests named `operationName` were sent.
  func count(_ operationName: String) -> Int {
    lock.withLock { sent.filter { $0 == operationName }.count }
  }

  func send(_ request: GraphQLRequest) async throws -> [UInt8] {
    let name = request.operationName ?? ""
    lock.withLock { sent.append(name) }
    guard let body = responses[name] else {
      throw TransportError(.http(status: 404), "no response scripted for \"\(name)\"")
    }
    return Array(body.utf8)
  }
}
