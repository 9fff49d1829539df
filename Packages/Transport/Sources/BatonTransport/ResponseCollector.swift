import BatonNormalizer
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The URLSession delegate of an `HTTPTransport`: gathers each task's body, cuts it off
/// past the size limit, and resumes the waiting `send` once, with the reply or the reason
/// there is none. A stop on our side (the size limit, the deadline, a cancellation) resumes
/// it at once and only then cancels the task, so no caller waits on URLSession to report the
/// cancellation. It follows no redirect: a redirect is the reply, and `HTTPTransport`
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

  /// Why a task was stopped on our side, which decides the error its caller gets.
  private enum Stop {
    case overLimit
    case timedOut
    case cancelled

    /// The error for the exchange `entry` stopped for this reason.
    func error(for entry: Pending) -> any Error {
      switch self {
      case .overLimit: TransportError(.malformed, "the response is larger than the limit of \(entry.limit) bytes")
      case .timedOut: TransportError(.transport, "the request timed out after \(max(0.001, entry.timeout.timeInterval)) s")
      case .cancelled: CancellationError()
      }
    }
  }

  private struct Pending {
    var continuation: CheckedContinuation<Exchange, any Error>
    var limit: Int
    var progress: Progress?
    /// When the exchange times out; an upload moves it as its body goes (see `begin`).
    var deadline: ContinuousClock.Instant
    var timeout: Duration
    var body: [UInt8] = []
    var status = 0
    var contentType: String?
    var location: String?
    var retryAfter: String?
    var cacheControl: String?

    /// Appends `data` unless that would pass the limit; returns whether it would. Mutated
    /// in place in the task table: a copy of the entry would make every append copy the
    /// whole body so far.
    mutating func receive(_ data: Data) -> Bool {
      guard body.count + data.count <= limit else { return true }
      body.append(contentsOf: data)
      return false
    }
  }

  private struct State {
    var tasks: [Int: Pending] = [:]
    /// Tasks cancelled before `begin` registered them (a cancellation racing the start).
    var cancelledEarly: Set<Int> = []
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

  /// Registers `task`, which times out at `deadline`. An upload's (one with `progress`)
  /// does not while its body goes: each piece sent moves the deadline to `timeout` later,
  /// so a large file on a slow link is not cut off while a stalled one still is, and the
  /// reply has `timeout` from the body's last byte.
  func begin(
    _ task: URLSessionTask, limit: Int, progress: Progress? = nil, deadline: ContinuousClock.Instant, timeout: Duration,
    continuation: CheckedContinuation<Exchange, any Error>
  ) {
    let cancelled = state.withLock { state in
      guard state.cancelledEarly.remove(task.taskIdentifier) == nil else { return true }
      state.tasks[task.taskIdentifier] = Pending(
        continuation: continuation, limit: limit, progress: progress, deadline: deadline, timeout: timeout)
      return false
    }
    if cancelled {
      continuation.resume(throwing: CancellationError())
      Self.cancelLater(task)
    } else {
      checkDeadline(of: task, at: deadline)
    }
  }

  /// At `instant`, times `task` out if its deadline has come, or looks again at the
  /// deadline it has moved to.
  private func checkDeadline(of task: URLSessionTask, at instant: ContinuousClock.Instant) {
    let wait = max(0, (instant - ContinuousClock.now).timeInterval)
    DispatchQueue.global().asyncAfter(deadline: .now() + wait) { [weak self] in
      guard let self else { return }
      guard let deadline = state.withLock({ $0.tasks[task.taskIdentifier]?.deadline }) else { return }
      if deadline > ContinuousClock.now {
        checkDeadline(of: task, at: deadline)
      } else {
        stop(task, .timedOut)
      }
    }
  }

  func cancel(_ task: URLSessionTask) {
    stop(task, .cancelled)
  }

  /// Ends `task`'s exchange with `reason`, unless it has ended already, then cancels it.
  private func stop(_ task: URLSessionTask, _ reason: Stop) {
    let entry = state.withLock { state -> Pending? in
      guard let entry = state.tasks.removeValue(forKey: task.taskIdentifier) else {
        // Only a cancellation can come before `begin`; a timer firing after completion finds nothing.
        if case .cancelled = reason { state.cancelledEarly.insert(task.taskIdentifier) }
        return nil
      }
      return entry
    }
    guard let entry else { return }
    entry.continuation.resume(throwing: reason.error(for: entry))
    Self.cancelLater(task)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let http = response as? HTTPURLResponse
    let expected = response.expectedContentLength
    let proceed = state.withLock { state -> Bool? in
      guard var entry = state.tasks[dataTask.taskIdentifier] else { return nil }
      guard expected <= Int64(entry.limit) else { return false }
      entry.status = http?.statusCode ?? 0
      entry.contentType = http?.value(forHTTPHeaderField: "Content-Type")
      entry.location = http?.value(forHTTPHeaderField: "Location")
      entry.retryAfter = http?.value(forHTTPHeaderField: "Retry-After")
      entry.cacheControl = http?.value(forHTTPHeaderField: "Cache-Control")
      if expected > 0 { entry.body.reserveCapacity(Int(expected)) }
      state.tasks[dataTask.taskIdentifier] = entry
      return true
    }
    completionHandler(proceed == true ? .allow : .cancel)
    // FoundationNetworking ignores the disposition.
    switch proceed {
    case false?: stop(dataTask, .overLimit)
    case nil: Self.cancelLater(dataTask)
    case true?: break
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let overLimit = state.withLock { $0.tasks[dataTask.taskIdentifier]?.receive(data) ?? false }
    if overLimit { stop(dataTask, .overLimit) }
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
    let progress = state.withLock { state -> Progress? in
      guard let entry = state.tasks[task.taskIdentifier], let progress = entry.progress else { return nil }
      state.tasks[task.taskIdentifier]?.deadline = ContinuousClock.now + entry.timeout
      return progress
    }
    guard let progress else { return }
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
