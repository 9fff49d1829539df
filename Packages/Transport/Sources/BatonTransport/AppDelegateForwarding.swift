// Apple-only in part: there the delegate's methods are optional Objective-C requirements,
// called with `?`; FoundationNetworking gives every one a default instead.
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Passes the calls `URLSessionSetup` lists on to the app's delegate, from the delegate of
/// a session a transport made.
struct AppDelegateForwarding: Sendable {
  let delegate: (any URLSessionTaskDelegate)?

  typealias ChallengeAnswer = @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void

  func challenge(_ session: URLSession, _ challenge: URLAuthenticationChallenge, answer: @escaping ChallengeAnswer) {
    guard let delegate else { return answer(.performDefaultHandling, nil) }
    #if canImport(FoundationNetworking)
      delegate.urlSession(session, didReceive: challenge, completionHandler: answer)
    #else
      if delegate.urlSession?(session, didReceive: challenge, completionHandler: answer) == nil { answer(.performDefaultHandling, nil) }
    #endif
  }

  func challenge(
    _ session: URLSession, _ task: URLSessionTask, _ challenge: URLAuthenticationChallenge, answer: @escaping ChallengeAnswer
  ) {
    guard let delegate else { return answer(.performDefaultHandling, nil) }
    // On Apple platforms a session-wide challenge comes here too: one the app's delegate
    // answers only session-wide goes on to that.
    #if canImport(FoundationNetworking)
      delegate.urlSession(session, task: task, didReceive: challenge, completionHandler: answer)
    #else
      if delegate.urlSession?(session, task: task, didReceive: challenge, completionHandler: answer) == nil { self.challenge(session, challenge, answer: answer) }
    #endif
  }

  func metrics(_ session: URLSession, _ task: URLSessionTask, _ metrics: URLSessionTaskMetrics) {
    #if canImport(FoundationNetworking)
      delegate?.urlSession(session, task: task, didFinishCollecting: metrics)
    #else
      delegate?.urlSession?(session, task: task, didFinishCollecting: metrics)
    #endif
  }

  func sent(_ session: URLSession, _ task: URLSessionTask, _ bytes: Int64, total: Int64, expected: Int64) {
    #if canImport(FoundationNetworking)
      delegate?.urlSession(session, task: task, didSendBodyData: bytes, totalBytesSent: total, totalBytesExpectedToSend: expected)
    #else
      delegate?.urlSession?(session, task: task, didSendBodyData: bytes, totalBytesSent: total, totalBytesExpectedToSend: expected)
    #endif
  }

  func completed(_ session: URLSession, _ task: URLSessionTask, _ error: (any Error)?) {
    #if canImport(FoundationNetworking)
      delegate?.urlSession(session, task: task, didCompleteWithError: error)
    #else
      delegate?.urlSession?(session, task: task, didCompleteWithError: error)
    #endif
  }
}
