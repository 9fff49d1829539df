// Apple-only: no compiler here sees this file. Checked by hand against Apple's documentation:
// - Availability: URLSessionWebSocketTask, URLSession.webSocketTask(with:), receive(),
//   send(_:completionHandler:), cancel(with:reason:), closeCode and closeReason are macOS
//   10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1: below the package's minimums.
// - Threading: URLSession instances are thread-safe (NSURLSession.h); send's completion
//   handler is `@Sendable` and ignored; receive() is awaited by the one reading task only.
// - Sendable: the class holds two `let`s, the stream (Sendable) and the task; the task's
//   Sendable conformance is not on its documentation page, so the macOS build in CI is what
//   confirms it under strict concurrency.
// Its Linux twin behind `WebSocketConnection` is `POSIXWebSocket`, which the subscription
// tests run here.
#if canImport(Darwin)
  import Foundation

  /// `URLSessionWebSocketTask` behind the `WebSocketConnection` seam, for Apple platforms
  /// (and `wss://`).
  final class URLSessionWebSocket: WebSocketConnection {
    let messages: AsyncThrowingStream<String, any Error>
    private let task: URLSessionWebSocketTask

    private init(task: URLSessionWebSocketTask) {
      self.task = task
      let (messages, continuation) = AsyncThrowingStream.makeStream(of: String.self, throwing: (any Error).self)
      self.messages = messages
      Task {
        while true {
          do {
            switch try await task.receive() {
            case .string(let text): continuation.yield(text)
            case .data: continue
            @unknown default: continue
            }
          } catch {
            let code = task.closeCode == .invalid ? nil : UInt16(clamping: task.closeCode.rawValue)
            let reason = task.closeReason.map { String(decoding: $0, as: UTF8.self) } ?? error.localizedDescription
            continuation.finish(throwing: WebSocketClosed(code: code, reason: reason))
            return
          }
        }
      }
    }

    static func connect(_ url: URL, headers: [String: String], subprotocol: String) async throws -> URLSessionWebSocket {
      var request = URLRequest(url: url)
      for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
      request.setValue(subprotocol, forHTTPHeaderField: "Sec-WebSocket-Protocol")
      let task = URLSession.shared.webSocketTask(with: request)
      task.resume()
      return URLSessionWebSocket(task: task)
    }

    func send(_ text: String) throws {
      task.send(.string(text)) { _ in }
    }

    func close(code: UInt16, reason: String) {
      task.cancel(with: URLSessionWebSocketTask.CloseCode(rawValue: Int(code)) ?? .normalClosure, reason: Data(reason.utf8))
    }
  }
#endif
