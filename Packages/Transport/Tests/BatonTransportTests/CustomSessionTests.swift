@_spi(Development) import BatonNormalizer
import BatonTestServer
import BatonTransport
import Foundation
import TestPrerequisites
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The app's URLSession configuration and delegate carry every kind of request the HTTP
/// transports send: the configuration's extra header reaches the server on each, and the
/// delegate hears each task end (and an upload's progress).
@Suite(.serialized, .requires(.testServer)) struct CustomSessionTests {
  static let shared = SharedServer()

  /// What the app's delegate heard.
  final class RecordingDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    struct Finished: Sendable, Hashable {
      var method: String
      var accept: String
      var contentType: String
    }

    private let state = Locked((finished: [Finished](), sentBytes: Int64(0)))
    var finished: [Finished] { state.withLock { $0.finished } }
    var sentBytes: Int64 { state.withLock { $0.sentBytes } }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
      let request = task.originalRequest
      let finished = Finished(
        method: request?.httpMethod ?? "", accept: request?.value(forHTTPHeaderField: "Accept") ?? "",
        contentType: request?.value(forHTTPHeaderField: "Content-Type") ?? "")
      state.withLock { $0.finished.append(finished) }
    }

    func urlSession(
      _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
      totalBytesExpectedToSend: Int64
    ) {
      state.withLock { $0.sentBytes = max($0.sentBytes, totalBytesSent) }
    }
  }

  @Test func everyRequestKindGoesThroughTheAppsSessionAndDelegate() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "persistedQueries", "mode": "automatic"])
    let delegate = RecordingDelegate()
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpAdditionalHeaders = ["X-App-Session": "mine"]
    let session = URLSessionSetup(configuration: configuration, delegate: delegate)
    let http = HTTPTransport(endpoint: server.graphQLURL, usesGETForQueries: true, session: session)

    // A POST (a mutation), a GET (a query), and an automatic persisted query's two tries.
    let rename = GraphQLRequest(
      query: #"mutation Rename { updateCharacterName(id: "1", name: "Rick") { name } }"#, operationName: "Rename",
      kind: .mutation)
    _ = try await http.payload(for: rename)
    _ = try await http.payload(for: GraphQLRequest(query: #"query Get { character(id: "2") { name } }"#, operationName: "Get"))
    let persisted = GraphQLRequest(
      query: #"query Persisted { character(id: "1") { name } }"#, operationName: "Persisted",
      operationID: "388c9acfbaa61612d90a93f27d6aa1484367f1270443cad80c72d2b1320d02db", kind: .mutation)
    let chain = TransportChain([PersistedQueryPart(.automatic)], to: http)
    let persistedBody = try JSONReader.parse(try await chain.payload(for: persisted).body)
    #expect(persistedBody["data"]?["character"]?["name"]?.stringValue == "Rick")

    // `@defer`, which streams a multipart/mixed reply.
    let deferred = GraphQLRequest(
      query: #"query Deferred { character(id: "3") { id ... @defer { name } } }"#, operationName: "Deferred",
      usesIncrementalDelivery: true)
    var parts = 0
    for try await reply in http.send(deferred, in: TransportContext()) { if case .payload = reply { parts += 1 } }
    #expect(parts == 2)

    // An upload.
    let upload = GraphQLRequest(
      query: "mutation One($file: Upload!) { uploadFile(file: $file) { size } }", operationName: "One",
      variables: ["file": .null], kind: .mutation,
      uploads: ["variables.file": GraphQLUpload(data: Data(count: 100_000), filename: "zeros")])
    let uploaded = try JSONReader.parse(try await http.payload(for: upload).body)
    #expect(uploaded["data"]?["uploadFile"]?["size"]?.intValue == 100_000)

    // Subscriptions over server-sent events and over multipart HTTP: each opens, then stops.
    let subscription = GraphQLRequest(
      query: #"subscription Updates { characterUpdated(id: "1") { name } }"#, operationName: "Updates",
      kind: .subscription)
    let subscriptions: [any SubscriptionTransport] = [
      GraphQLSSETransport(endpoint: server.graphQLURL, session: session),
      GraphQLMultipartSubscriptionTransport(endpoint: server.graphQLURL, session: session),
    ]
    for transport in subscriptions {
      for try await event in transport.subscribe(subscription) {
        if case .connected = event { break }
      }
    }

    let expected: Set<RecordingDelegate.Finished> = [
      .init(method: "POST", accept: GraphQLOverHTTP.accept, contentType: "application/json"),
      .init(method: "GET", accept: GraphQLOverHTTP.accept, contentType: ""),
      .init(method: "POST", accept: HTTPTransport.incrementalAccept, contentType: "application/json"),
      .init(method: "POST", accept: "text/event-stream", contentType: "application/json"),
      .init(method: "POST", accept: GraphQLMultipartSubscriptionTransport.accept, contentType: "application/json"),
    ]
    // Eight tasks: the mutation, the GET, the persisted query's two tries, `@defer`, the
    // upload and the two streams, whose tasks end a moment after they stop.
    let deadline = ContinuousClock.now + .seconds(10)
    while delegate.finished.count < 8, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
    let finished = delegate.finished
    #expect(finished.count == 8, "the tasks the delegate heard end: \(finished)")
    #expect(expected.isSubset(of: Set(finished)), "missing: \(expected.subtracting(finished))")
    #expect(finished.contains { $0.contentType.hasPrefix("multipart/form-data; boundary=") })
    #expect(delegate.sentBytes > 100_000)

    let recent = try await server.requests()["recent"]
    guard case .array(let requests)? = recent else {
      Issue.record("no recent requests in \(String(describing: recent))")
      return
    }
    #expect(requests.count == 8)
    for request in requests {
      #expect(request["headers"]?["X-App-Session"]?.stringValue == "mine", "\(request["body"] ?? .null)")
    }
  }
}
