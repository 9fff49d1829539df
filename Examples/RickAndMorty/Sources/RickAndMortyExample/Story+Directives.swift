import Baton
import RickAndMortyAPI

extension Story {
  /// (7) The directives' promises at run time: a field error under `@throwOnFieldError`
  /// fails the query or the fragment's spread; `@required` moves a null to the parent
  /// (NONE, LOG) or makes the field's own accessor throw while the rest reads (THROW).
  func directives(_ environment: GraphQLEnvironment) async throws {
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

    for (id, action) in [("1", RequiredAction.none), ("7", .log), ("10", .throw)] {
      let required = try await settled(environment.watch(RickAndMorty.RequiredFieldsQuery(id: id), policy: .networkOnly))
      let shown =
        switch required.phase {
        case .ready(let data): data.character.map(Self.shown) ?? "character reads nil"
        case let phase: "\(phase)"
        }
      let logged = environment.log.events.contains {
        $0.kind == .requiredFieldMissing(action) && $0.owner == .operation("RequiredFields")
      }
      let name = switch action {
      case .none: "NONE"
      case .log: "LOG"
      case .throw: "THROW"
      }
      say(7, "@required(action: \(name)) on character \(id): \(shown)\(action == .none ? "" : ", requiredFieldMissing logged \(logged)")")
    }
  }

  /// A RequiredFields character as a screen shows it: a null `dimension` (THROW) throws
  /// only where it is read.
  static func shown(_ character: RickAndMorty.RequiredFieldsQuery.Data.Character) -> String {
    guard let origin = character.origin else { return "character reads \(character.location.name), no origin" }
    do {
      return "character reads \(character.location.name), dimension \(try origin.dimension)"
    } catch {
      return "ready, origin \(origin.name), reading its dimension threw: \(error.fieldNames)"
    }
  }

  /// The handle's snapshot once it has settled: data or a failure, no fetch in flight.
  func settled<Request>(_ handle: OperationHandle<Request>) async throws -> OperationSnapshot<Request.Data> {
    try await handle.snapshots.collect(until: "\(Request.operation.name) to settle") {
      !$0.phase.isLoading && !$0.fetch.isInFlight
    }.last.unwrapped()
  }
}
