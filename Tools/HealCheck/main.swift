import Baton
import BatonTestServer
import EndToEndOperations
import Foundation

// `baton-heal-check`: ARCHITECTURE.md §6's scenario against the loopback server with the default
// heal policy and no runtime-issue handler. A debug build reports the missing fields on
// stderr; a release build must print nothing there and still heal. Exits 0 once query A
// shows the new origin's real name, not stale, after exactly one heal refetch; 1 otherwise.
// Tools/test.sh runs both builds and checks their stderr.

/// Polls `condition` for up to ten seconds.
func waitFor(_ what: String, _ condition: @Sendable () -> Bool) async throws -> Bool {
  for _ in 0..<1000 {
    if condition() { return true }
    try await Task.sleep(for: .milliseconds(10))
  }
  print("baton-heal-check: gave up waiting for \(what)")
  return false
}

func check() async throws -> Bool {
  let server = try TestServer()
  try await server.reset()
  let environment = GraphQLEnvironment(transport: HTTPTransport(endpoint: server.graphQLURL), heal: .default)
  let a = environment.watch(EndToEnd.RickOriginQuery(id: "1"))
  let originName: @Sendable () -> String? = { a.phase.data?.character?.originDetails.origin?.name }
  guard try await waitFor("A's data", { originName() == "Earth (C-137)" && !a.fetch.isInFlight }) else { return false }

  try await server.control(["command": "set", "target": "Character:1.origin", "value": "Location:20"])
  let b = environment.watch(EndToEnd.RickOriginIDQuery(id: "1"), policy: .networkOnly)
  let healed = try await waitFor("the heal") {
    originName() == "Earth (Replacement Dimension)" && !a.isStale && !a.fetch.isInFlight
  }
  let fetchesOfA = try await server.requestCount(operationName: "RickOrigin")
  print("baton-heal-check: A shows \"\(originName() ?? "nothing")\" after \(fetchesOfA) fetches; B has \(b.phase.data == nil ? "no " : "")data")
  return healed && fetchesOfA == 2
}

exit(try await check() ? 0 : 1)
