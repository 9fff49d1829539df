import Baton
import RickAndMortyAPI

extension Story {
  /// (7) The directives' promises at run time: a field error under `@throwOnFieldError`
  /// fails the query or the fragment's spread; `@required` moves a null to the parent or
  /// fails the read.
  func directives(_ environment: Environment) async throws {
    try await server.control([
      "command": "fieldError", "target": "Character:1.origin", "message": "origin unavailable", "count": 2,
    ])
    let strict = try await settled(environment.watch(RickAndMorty.StrictCharacterQuery(id: "1"), policy: .networkOnly))
    let strictShown =
      switch strict.phase {
      case .failed(.read(.fieldErrors(let events))): "failed with field errors at \(events.compactMap(\.field))"
      case let phase: "\(phase)"
      }
    say(7, "@throwOnFieldError on a query: StrictCharacter \(strictShown)")

    let card = try await settled(environment.watch(RickAndMorty.CharacterWithCardQuery(id: "1"), policy: .networkOnly))
    let cardShown: String
    do {
      cardShown = "read \(try card.phase.data?.character?.characterCard.name ?? "nothing")"
    } catch {
      cardShown = "threw: \(error.fieldNames)"
    }
    say(7, "@throwOnFieldError on a fragment: reading CharacterCard \(cardShown)")

    for (id, action) in [("1", "NONE"), ("7", "LOG"), ("10", "THROW")] {
      let required = try await settled(environment.watch(RickAndMorty.RequiredFieldsQuery(id: id), policy: .networkOnly))
      let shown =
        switch required.phase {
        case .ready(let data): data.character == nil ? "character reads nil" : "character reads \(data.character?.location.name ?? "")"
        case .failed(.read(.requiredFieldMissing(let event))): "the read failed at \"\(event.field ?? "?")\""
        case let phase: "\(phase)"
        }
      let logged = environment.log.events.contains {
        if case .requiredFieldMissing = $0.kind, $0.owner == .operation("RequiredFields") { return true }
        return false
      }
      say(7, "@required(action: \(action)) on character \(id): \(shown)\(action == "LOG" ? ", requiredFieldMissing logged \(logged)" : "")")
    }
  }

  /// The handle's snapshot once it has settled: data or a failure, no fetch in flight.
  func settled<Request>(_ handle: OperationHandle<Request>) async throws -> OperationSnapshot<Request.Data> {
    try await handle.snapshots.collect(until: "\(Request.operation.name) to settle") {
      !$0.phase.isLoading && !$0.fetch.isInFlight
    }.last.unwrapped()
  }
}
