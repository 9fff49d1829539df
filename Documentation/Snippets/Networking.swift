// Extracted from Documentation/Networking.md by DocSnippetsTests: do not edit.
// BATON_UPDATE_SNIPPETS=1 swift test --filter DocSnippetsTests rewrites it.
import Baton
import Foundation
import RickAndMortyAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Networking.md:21
func networkingSnippet1(serverURL: URL, session: AppSession) async throws {
  let http = HTTPTransport(endpoint: serverURL, usesGETForQueries: true) { request in
    request.setValue(UUID().uuidString, forHTTPHeaderField: "X-Request-ID")
  }
  let transport = TransportChain(
    [RetryPart(), AuthPart(tokens: session), PersistedQueryPart(.automatic)],
    to: http)
  let environment = GraphQLEnvironment(transport: transport)
  _ = environment
}

// Networking.md:40
struct ClientNamePart: TransportPart {
  func send(_ request: GraphQLRequest, next: TransportChain.Next) async throws -> TransportResponse {
    var request = request
    request.headers["apollographql-client-name"] = "rick-and-morty-ios"
    return try await next.send(request)
  }
}

// Networking.md:57
struct CannedTransport: Transport {
  let body: [UInt8]
  func send(_ request: GraphQLRequest, in context: TransportContext) -> TransportReplies {
    .payload { TransportPayload(body, status: 200) }
  }
}

// Networking.md:75
actor AppSession: TokenProvider {
  private var accessToken: String?
  private let refresh: @Sendable () async throws -> String

  init(accessToken: String?, refresh: @escaping @Sendable () async throws -> String) {
    self.accessToken = accessToken
    self.refresh = refresh
  }

  func token() async throws -> String? { accessToken }

  func refreshedToken(replacing rejected: String?) async throws -> String {
    let fresh = try await refresh()        // throws when the user must sign in again
    accessToken = fresh
    return fresh
  }
}

// Networking.md:117
func networkingSnippet5(handle: OperationHandle<RickAndMorty.CharacterDetailQuery>) async throws {
  switch handle.fetch {
  case .retrying(let attempt, let next):
    print("try \(attempt) at \(next)")       // isRefreshing is true meanwhile
  case .failed(let failure):
    print("failed:", failure)
  default:
    break
  }
}

// Networking.md:140
func networkingSnippet6(http: HTTPTransport) async throws {
  let reachability = ManualReachability(isOnline: true)   // NetworkPathReachability() on Apple platforms
  let environment = GraphQLEnvironment(
    transport: TransportChain([OfflinePart(reachability: reachability, policy: .failFast)], to: http),
    reachability: reachability)
  reachability.setOnline(false)
  environment.refetchStale()   // e.g. from scenePhase becoming .active
}

// Networking.md:178
func networkingSnippet7(http: HTTPTransport, image: FileImage, connection: String) async throws {
  let reachability = ManualReachability(isOnline: false)
  let environment = GraphQLEnvironment(
    transport: TransportChain([OfflinePart(reachability: reachability, policy: .failFast)], to: http),
    persistence: image, reachability: reachability,
    outboxMutations: [RickAndMorty.AddCharacterAtTopMutation.self])
  let add = RickAndMorty.AddCharacterAtTopMutation(
    input: .init(name: "Squanchy", species: "Cat-person"), connections: [connection])
  let id = try environment.enqueue(add, clientID: "add-squanchy-1")
  for entry in environment.outbox {
    print(entry.operationName, entry.state)   // AddCharacterAtTop queued
  }
  reachability.setOnline(true)                // sent; then confirmed or rejected(errors)
  environment.cancelOutboxEntry(id)           // while queued: never sent, and its layer goes
}

// Networking.md:242
func networkingSnippet8(environment: GraphQLEnvironment, video: URL) async throws {
  let upload = Task {
    try await environment.mutate(
      RickAndMorty.UploadFileMutation(file: GraphQLUpload(fileURL: video, contentType: "video/mp4")),
      progress: { progress in print("\(Int(progress.fractionCompleted * 100)) %") })
  }
  // upload.cancel() stops it; the temporary file goes with it.
  let received = try await upload.value.uploadFile
  print(received.size, received.sha256)
}

// Networking.md:274
func networkingSnippet9(serverURL: URL, delegate: any URLSessionTaskDelegate) async throws {

  let configuration = URLSessionConfiguration.default
  configuration.httpAdditionalHeaders = ["User-Agent": "RickAndMorty/1.0"]
  let session = URLSessionSetup(configuration: configuration, delegate: delegate)
  let environment = GraphQLEnvironment(
    transport: HTTPTransport(endpoint: serverURL, session: session),
    subscriptionTransport: GraphQLSSETransport(endpoint: serverURL, session: session))
  _ = environment
}

// Networking.md:297
func networkingSnippet10(environment: GraphQLEnvironment) async throws {
  environment.reset()
  print(environment.records.records.isEmpty)   // true, and no image on disk
}
