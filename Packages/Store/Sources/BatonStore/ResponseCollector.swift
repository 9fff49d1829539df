import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The URLSession delegate of an `HTTPTransport`: gathers each task's body, cuts it off
/// past the size limit, and resumes the waiting `send` once, with the reply or the reason
/// there is none.
final class ResponseCollector: NSObject, URLSessionDataDelegate, Sendable {
  struct Exchange: Sendable {
    var status: Int
    var contentType: String?
    var body: [UInt8]
  }

  /// Why a task was stopped on our side, which decides the error its completion reports.
  private enum Stop {
    case overLimit(Int)
    case timedOut(TimeInterval)
    case cancelled
  }

  private struct Pending {
    var continuation: CheckedContinuation<Exchange, any Error>
    var limit: Int
    var body: [UInt8] = []
    var status = 0
    var contentType: String?
    var stop: Stop?
  }

  private struct State {
    var tasks: [Int: Pending] = [:]
    /// Tasks stopped before `begin` registered them (a cancellation racing the start).
    var stoppedEarly: [Int: Stop] = [:]
  }

  private let state = Locked(State())

  func begin(_ task: URLSessionTask, limit: Int, continuation: CheckedContinuation<Exchange, any Error>) {
    let stoppedEarly = state.withLock { state in
      var entry = Pending(continuation: continuation, limit: limit)
      entry.stop = state.stoppedEarly.removeValue(forKey: task.taskIdentifier)
      state.tasks[task.taskIdentifier] = entry
      return entry.stop != nil
    }
    if stoppedEarly { task.cancel() }
  }

  func timeOut(_ task: URLSessionTask, after seconds: TimeInterval) {
    stop(task, .timedOut(seconds))
  }

  func cancel(_ task: URLSessionTask) {
    stop(task, .cancelled)
  }

  private func stop(_ task: URLSessionTask, _ reason: Stop) {
    let stopped = state.withLock { state -> Bool in
      guard state.tasks[task.taskIdentifier] != nil else {
        // Only a cancellation can come before `begin`; a timer firing after completion finds nothing.
        if case .cancelled = reason { state.stoppedEarly[task.taskIdentifier] = reason }
        return false
      }
      guard state.tasks[task.taskIdentifier]?.stop == nil else { return false }
      state.tasks[task.taskIdentifier]?.stop = reason
      return true
    }
    if stopped { task.cancel() }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let http = response as? HTTPURLResponse
    let proceed = state.withLock { state -> Bool in
      guard var entry = state.tasks[dataTask.taskIdentifier] else { return false }
      entry.status = http?.statusCode ?? 0
      entry.contentType = http?.value(forHTTPHeaderField: "Content-Type")
      if response.expectedContentLength > Int64(entry.limit) {
        entry.stop = entry.stop ?? .overLimit(entry.limit)
      }
      state.tasks[dataTask.taskIdentifier] = entry
      return entry.stop == nil
    }
    completionHandler(proceed ? .allow : .cancel)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let overLimit = state.withLock { state -> Bool in
      guard var entry = state.tasks[dataTask.taskIdentifier], entry.stop == nil else { return false }
      entry.body.append(contentsOf: data)
      if entry.body.count > entry.limit {
        entry.stop = .overLimit(entry.limit)
        entry.body = []
      }
      state.tasks[dataTask.taskIdentifier] = entry
      return entry.stop != nil
    }
    if overLimit { dataTask.cancel() }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    guard let entry = state.withLock({ $0.tasks.removeValue(forKey: task.taskIdentifier) }) else { return }
    switch entry.stop {
    case .overLimit(let limit)?:
      entry.continuation.resume(throwing: TransportError(.malformed, "the response is larger than the limit of \(limit) bytes"))
    case .timedOut(let seconds)?:
      entry.continuation.resume(throwing: TransportError(.transport, "the request timed out after \(seconds) s"))
    case .cancelled?:
      entry.continuation.resume(throwing: CancellationError())
    case nil:
      if let error = error as? URLError, error.code == .timedOut {
        entry.continuation.resume(throwing: TransportError(.transport, "the request timed out (URLSession)"))
      } else if let error {
        entry.continuation.resume(throwing: TransportError(.transport, error.localizedDescription))
      } else {
        entry.continuation.resume(returning: Exchange(status: entry.status, contentType: entry.contentType, body: entry.body))
      }
    }
  }
}
