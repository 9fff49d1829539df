// Extracted from Documentation/MissingDataAndHeal.md by DocSnippetsTests: do not edit.
// BATON_UPDATE_SNIPPETS=1 swift test --filter DocSnippetsTests rewrites it.
import Baton
import BatonTestServer
import Foundation
import RickAndMortyAPI
import TestPrerequisites
import Testing

// MissingDataAndHeal.md:34
func missingDataAndHealSnippet1(environment: GraphQLEnvironment) async throws {
  for event in environment.log.events {
    switch event.kind {
    case .missing: print("missing", event.owner?.description ?? "", event.record?.description ?? "", event.field ?? "")
    case .healRefetch: print("healed by refetching", event.owner?.description ?? "")
    default: break
    }
  }
}

// MissingDataAndHeal.md:51
func missingDataAndHealSnippet2(transport: any Transport) async throws {
  let healing = GraphQLEnvironment(transport: transport)                   // as .default
  let app = GraphQLEnvironment(transport: transport, heal: .default)        // refetch once per fetch
  let quiet = GraphQLEnvironment(transport: transport, heal: .never)        // log and mark stale only
  let recording = RecordingHealPolicy(refetches: false)              // for tests
  let test = GraphQLEnvironment(transport: transport, heal: recording)
  _ = (healing, app, quiet, test)
}

// MissingDataAndHeal.md:69

@Suite(.timeLimit(.minutes(1)), .requires(.testServer)) struct OriginHealTests {
  @Test func aMovedOriginIsReportedAndStaleNotInvented() async throws {
    let server = try await TestServer.start()
    let heal = RecordingHealPolicy(refetches: false)
    let environment = GraphQLEnvironment(transport: HTTPTransport(endpoint: server.graphQLURL), heal: heal)
    let screen = environment.watch(RickAndMorty.CharacterDetailQuery(id: "1"))
    for await shown in screen.snapshots where shown.phase.data != nil && !shown.fetch.isInFlight { break }

    try await server.control(["command": "set", "target": "Character:1.origin", "value": "Location:20"])
    let other = environment.watch(RickAndMorty.CharacterOriginIDQuery(id: "1"), policy: .networkOnly)
    for await shown in screen.snapshots where shown.phase.data?.character?.originDetails.origin?.name == "" { break }

    #expect(heal.requests.map(\.operationName) == ["CharacterDetail"])
    #expect(heal.requests.first?.missing.map(\.field) == ["name", "dimension"])
    #expect(screen.isStale)
    #expect(other.phase.data?.character?.origin?.id == "20")
  }
}

// MissingDataAndHeal.md:101
func missingDataAndHealSnippet4(environment: GraphQLEnvironment) async throws {
  await RuntimeIssues.withHandler({ issue in print("collected:", issue.message) }) {
    let screen = environment.watch(RickAndMorty.CharacterDetailQuery(id: "1"))
    await screen.refetch()
  }
}
