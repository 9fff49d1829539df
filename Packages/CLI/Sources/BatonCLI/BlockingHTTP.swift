import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP exchange for a command, which runs synchronously: the request is sent and the
/// calling thread waits for the whole reply (or the timeout).
enum BlockingHTTP {
  struct Reply {
    var status: Int
    var body: [UInt8]
  }

  /// The reply, which the data task's handler writes once before it signals.
  private final class Outcome: @unchecked Sendable {  // the semaphore orders that one write before the read
    var result: Result<Reply, any Error> = .failure(URLError(.unknown))
  }

  static func post(_ body: [UInt8], to url: URL, headers: [(name: String, value: String)], timeout: TimeInterval)
    -> Result<Reply, any Error>
  {
    var request = URLRequest(url: url, timeoutInterval: timeout)
    request.httpMethod = "POST"
    request.httpBody = Data(body)
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("application/graphql-response+json, application/json;q=0.9", forHTTPHeaderField: "Accept")
    for header in headers { request.setValue(header.value, forHTTPHeaderField: header.name) }
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    let session = URLSession(configuration: .ephemeral)
    let task = session.dataTask(with: request) { data, response, error in
      if let error {
        outcome.result = .failure(error)
      } else if let response = response as? HTTPURLResponse {
        outcome.result = .success(Reply(status: response.statusCode, body: [UInt8](data ?? Data())))
      } else {
        outcome.result = .failure(URLError(.badServerResponse))
      }
      done.signal()
    }
    task.resume()
    done.wait()
    session.finishTasksAndInvalidate()
    return outcome.result
  }
}
