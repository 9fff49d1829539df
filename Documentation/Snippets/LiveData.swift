// Extracted from Documentation/LiveData.md by DocSnippetsTests: do not edit.
// BATON_UPDATE_SNIPPETS=1 swift test --filter DocSnippetsTests rewrites it.
import Baton
import Foundation
import RickAndMortyAPI

// LiveData.md:14
func liveDataSnippet1(serverURL: URL, token: String) async throws {
  let environment = GraphQLEnvironment(
    transport: HTTPTransport(endpoint: serverURL),
    subscriptionTransport: GraphQLWebSocketTransport(
      endpoint: URL(string: "ws://127.0.0.1:4000/graphql") ?? serverURL,
      connectionParams: { ["authorization": .string("Bearer \(token)")] }))

  let screen = environment.watch(RickAndMorty.CharacterDetailQuery(id: "1"))
  let live = environment.subscribe(RickAndMorty.CharacterUpdatedSubscription(id: "1"))
  for await update in live.payloads {
    // The event is already in the store: `screen` shows the new name too.
    print(update.characterUpdated.name, screen.phase.data?.character?.name ?? "")
  }
}

// LiveData.md:90
func liveDataSnippet2(serverURL: URL, token: String) async throws {
  let environment = GraphQLEnvironment(
    transport: HTTPTransport(endpoint: serverURL),
    subscriptionTransport: GraphQLSSETransport(endpoint: serverURL, headers: { ["Authorization": "Bearer \(token)"] }))
  let live = environment.subscribe(RickAndMorty.CharacterUpdatedSubscription(id: "1"))
  if case .reconnecting(let since, let attempt) = live.fetch { print("offline since \(since), attempt \(attempt)") }
}

// LiveData.md:112
func liveDataSnippet3(routerURL: URL, token: String) async throws {
  let environment = GraphQLEnvironment(
    transport: HTTPTransport(endpoint: routerURL),
    subscriptionTransport: GraphQLMultipartSubscriptionTransport(
      endpoint: routerURL, headers: { ["Authorization": "Bearer \(token)"] }))
  let live = environment.subscribe(RickAndMorty.CharacterUpdatedSubscription(id: "1"))
  if case .reconnecting(_, let attempt) = live.fetch { print("reconnecting, attempt \(attempt)") }
}
