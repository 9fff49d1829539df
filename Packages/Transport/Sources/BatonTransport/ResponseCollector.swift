import BatonNormalizer
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The URLSession delegate of an `HTTPTransport`: gathers each task's body, cuts it off
/// past the size limit, and resumes the waiting `send` once, with the reply or the reason
/// there is none. It follows no redirect: a redirect is the reply, and `HTTPTransport`
/// decides where, and with which headers, the request goes next. An upload's progress goes
/// to the task's `progress`, and what `URLSessionSetup` lists to the app's delegate.
final class ResponseCollector: NSObject, URLSessionDataDelegate, Sendable {
  struct Exchange: Sendable {
    var status: Int
    var contentType: String?
    /// The `Location` header, which a redirect names its target in.
    var location: String?
    /// The `Retry-After` header of a 429 or a 503.
    var retryAfter: String?
    /// The `Cache-Control` header, which may give the reply's max age.
    var cacheControl: String?
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
    var progress: Progress?
    var body: [UInt8] = []
    var status = 0
    var contentType: String?
    var location: String?
    var retryAfter: String?
    var cacheControl: String?
    var stop: Stop?

    /// Appends `data` unless that would pass the limit; then drops the body and stops.
    /// Returns whether this call stopped the task. Mutated in place in the task table:
    /// a copy of the entry would make every append copy the whole body so far.
    mutating func receive(_ data: Data) -> Bool {
      guard stop == nil else { return false }
      guard body.count + data.count <= limit else {
        stop = .overLimit(limit)
        body = []
        return true
      }
      body.append(contentsOf: data)
      return false
    }
  }

  private struct State {
    var tasks: [Int: Pending] = [:]
    /// Tasks stopped before `begin` registered them (a cancellation racing the start).
    var stoppedEarly: [Int: Stop] = [:]
  }

  /// Where an upload task's progress goes: the body's size, and what hears of it.
  struct Progress: Sendable {
    var totalBytes: Int64
    var report: @Sendable (UploadProgress) -> Void
  }

  private let state = Locked(State())
  private let forwarding: AppDelegateForwarding

  init(forwarding: AppDelegateForwarding) {
    self.forwarding = forwarding
  }

  func begin(
    _ task: URLSessionTask, limit: Int, progress: Progress? = nil, continuation: CheckedContinuation<Exchange, any Error>
  ) {
    let stoppedEarly = state.withLock { state in
      var entry = Pending(continuation: continuation, limit: limit, progress: progress)
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
    // Off the calling thread: a cancellation arrives from the cancelled Swift task, and
    // FoundationNetworking's cancel waits for the session's queue, which may be handing an
    // upload's progress to that same task's stream at that moment.
    if stopped { Self.cancelLater(task) }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let http = response as? HTTPURLResponse
    let expected = response.expectedContentLength
    let proceed = state.withLock { state -> Bool in
      guard var entry = state.tasks[dataTask.taskIdentifier] else { return false }
      entry.status = http?.statusCode ?? 0
      entry.contentType = http?.value(forHTTPHeaderField: "Content-Type")
      entry.location = http?.value(forHTTPHeaderField: "Location")
      entry.retryAfter = http?.value(forHTTPHeaderField: "Retry-After")
      entry.cacheControl = http?.value(forHTTPHeaderField: "Cache-Control")
      if expected > Int64(entry.limit) {
        entry.stop = entry.stop ?? .overLimit(entry.limit)
      } else if expected > 0 {
        entry.body.reserveCapacity(Int(expected))
      }
      state.tasks[dataTask.taskIdentifier] = entry
      return entry.stop == nil
    }
    completionHandler(proceed ? .allow : .cancel)
    // FoundationNetworking ignores the disposition.
    if !proceed { Self.cancelLater(dataTask) }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let overLimit = state.withLock { $0.tasks[dataTask.taskIdentifier]?.receive(data) ?? false }
    if overLimit { Self.cancelLater(dataTask) }
  }

  /// Cancels `task` off the current thread: a delegate callback may run inside URLSession's
  /// own work (`InlineOperationQueue`), where cancelling synchronously could wait on itself.
  private static func cancelLater(_ task: URLSessionTask) {
    DispatchQueue.global().async { task.cancel() }
  }

  /// Declines every redirect, so that it arrives as the reply: URLSession would send the
  /// app's headers to any origin, and FoundationNetworking drops a 307's body.
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
    totalBytesExpectedToSend: Int64
  ) {
    forwarding.sent(session, task, bytesSent, total: totalBytesSent, expected: totalBytesExpectedToSend)
    guard let progress = state.withLock({ $0.tasks[task.taskIdentifier]?.progress }) else { return }
    progress.report(UploadProgress(sentBytes: totalBytesSent, totalBytes: max(progress.totalBytes, totalBytesSent)))
  }

  func urlSession(
    _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
  ) {
    forwarding.challenge(session, challenge, answer: completionHandler)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
  ) {
    forwarding.challenge(session, task, challenge, answer: completionHandler)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
    forwarding.metrics(session, task, metrics)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    forwarding.completed(session, task, error)
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
        entry.continuation.resume(returning: Exchange(
          status: entry.status, contentType: entry.contentType, location: entry.location, retryAfter: entry.retryAfter,
          cacheControl: entry.cacheControl, body: entry.body))
      }
    }
  }
}
