import BatonNormalizer
import BatonStore
import BatonTesting
import Testing

/// One test per row of ARCHITECTURE.md §7's table, each reading a response recorded from the loopback
/// server (Fixtures/record.py) through the generated Rick and Morty types. The types are
/// part of the assertion: each test binds the value to the type the row promises.
struct FieldErrorTableTests {
  @Test func nullableFieldWithAnErrorReadsNilAndReportsTheError() throws {
    let fetched = try FixtureRead(RickAndMorty.CharacterDetailQuery(id: "1"), fixture: "CharacterDetail-locationError")
    let character = try #require(fetched.data?.character)
    let location: RickAndMorty.CharacterDetailQuery.Data.Character.Location? = character.location
    #expect(location == nil)
    #expect(character.name == "Rick Sanchez")
    #expect(fetched.fieldErrorMessages == ["location unavailable"])
  }

  @Test func semanticNonNullFieldWithoutAPolicyIsOptional() throws {
    let fetched = try FixtureRead(RickAndMorty.CharacterDetailQuery(id: "2"), fixture: "CharacterDetail-typeError")
    let character = try #require(fetched.data?.character)
    let type: String? = character.type
    #expect(type == nil)
    #expect(fetched.fieldErrorMessages == ["type unavailable"])
  }

  @Test func onErrorNullPropagatesANonNullFieldsNullToTheNearestNullableParent() throws {
    let fetched = try FixtureRead(RickAndMorty.CharacterDetailQuery(id: "1"), fixture: "CharacterDetail-nameError")
    let data = try #require(fetched.data)
    #expect(data.character == nil)
    #expect(fetched.fieldErrorMessages == ["name unavailable"])
  }

  /// The same row inside a fragment: a spread is not a field of the response, so the null
  /// crosses it to the nearest nullable ancestor, `character`, as the server's PROPAGATE
  /// would; the spread keeps the schema's type and never reads a placeholder's `""`.
  @Test func onErrorNullPropagatesANonNullFieldsNullInAFragmentAcrossTheSpread() throws {
    let fetched = try FixtureRead(RickAndMorty.BadgeQuery(id: "1"), fixture: "Badge-nameError")
    let data = try #require(fetched.data)
    #expect(data.character == nil)
    #expect(fetched.fieldErrorMessages == ["name unavailable"])
    #expect(fetched.result.fieldErrors.map(\.owner) == [.fragment("CharacterBadge")])
    let fine = try #require(try FixtureRead(RickAndMorty.BadgeQuery(id: "1"), fixture: "Badge").data?.character)
    let badge: RickAndMorty.CharacterBadge = fine.characterBadge
    #expect(badge.name == "Rick Sanchez")
  }

  @Test func catchToResultGivesTheErrorsAsAFailureFromCacheAsFromNetwork() throws {
    let operation = RickAndMorty.CaughtFieldsQuery(id: "1")
    let fetched = try FixtureRead(operation, fixture: "CaughtFields-errors")
    let character = try #require(fetched.data?.character)
    let species: Result<String, RickAndMorty.FieldErrors> = character.species
    guard case .failure(let errors) = species else {
      Issue.record("species read \(species), not the caught error")
      return
    }
    #expect(errors.errors.map(\.message) == ["species unavailable"])
    #expect(fetched.fieldErrorMessages.isEmpty)
    let cached = read(fetched.records, operation: RickAndMorty.CaughtFieldsQuery.operation, variables: operation.variables)
    let again = try #require(cached.data.map { RickAndMorty.CaughtFieldsQuery.makeData($0, in: fetched.records) })
    guard case .failure(let cachedErrors)? = again.character?.species else {
      Issue.record("the cached read lost the caught error")
      return
    }
    #expect(cachedErrors == errors)
  }

  @Test func catchToResultReadsTheValueWhenThereIsNoError() throws {
    let fetched = try FixtureRead(RickAndMorty.CaughtFieldsQuery(id: "1"), fixture: "CaughtFields")
    let character = try #require(fetched.data?.character)
    #expect(try character.species.get() == "Human")
    let origin: RickAndMorty.CaughtFieldsQuery.Data.Character.Origin = try character.origin.get()
    #expect(origin.name == "Earth (C-137)")
    let names = try #require(try fetched.data?.charactersByIds.get())
    #expect(names.map(\.name) == ["Rick Sanchez", "Morty Smith"])
  }

  /// `@catch` on a fragment definition, as Relay has it: the spread is the `Result`.
  @Test func catchOnAFragmentGivesTheErrorsAsAFailureFromCacheAsFromNetwork() throws {
    let operation = RickAndMorty.CaughtCardsQuery(id: "1")
    let fetched = try FixtureRead(operation, fixture: "CaughtCards-originError")
    let character = try #require(fetched.data?.character)
    let card: Result<RickAndMorty.CaughtCard, RickAndMorty.FieldErrors> = character.caughtCard
    guard case .failure(let errors) = card else {
      Issue.record("the spread read \(card), not the caught error")
      return
    }
    #expect(errors.errors.map(\.message) == ["origin unavailable"])
    let quiet: RickAndMorty.QuietCard? = character.quietCard
    #expect(quiet == nil)
    let cached = read(fetched.records, operation: RickAndMorty.CaughtCardsQuery.operation, variables: operation.variables)
    let again = try #require(cached.data.map { RickAndMorty.CaughtCardsQuery.makeData($0, in: fetched.records) })
    guard case .failure(let cachedErrors)? = again.character?.caughtCard else {
      Issue.record("the cached read lost the caught error")
      return
    }
    #expect(cachedErrors == errors)
    let spread = try #require(character._data.fields.compactMap(\.fragmentReference).first)
    #expect(BatonNormalizer.read(fetched.records, fragment: RickAndMorty.CaughtCard.fragment, at: spread).fieldErrors.isEmpty)
  }

  @Test func catchOnAFragmentReadsItWhenThereIsNoError() throws {
    let fetched = try FixtureRead(RickAndMorty.CaughtCardsQuery(id: "1"), fixture: "CaughtCards")
    let character = try #require(fetched.data?.character)
    let card = try character.caughtCard.get()
    let origin: RickAndMorty.CaughtCard.Origin = card.origin
    #expect(card.name == "Rick Sanchez" && origin.name == "Earth (C-137)")
    #expect(character.quietCard?.origin.name == "Earth (C-137)")
  }

  @Test func catchToNullReadsNilWithoutReportingTheError() throws {
    let fetched = try FixtureRead(RickAndMorty.CaughtFieldsQuery(id: "1"), fixture: "CaughtFields-errors")
    let character = try #require(fetched.data?.character)
    let type: String? = character.type
    #expect(type == nil)
    #expect(fetched.fieldErrorMessages.isEmpty)
  }

  @Test func throwOnFieldErrorOnTheQueryFailsTheRead() throws {
    let fetched = try FixtureRead(RickAndMorty.StrictCharacterQuery(id: "1"), fixture: "StrictCharacter-typeError")
    guard case .fieldErrors(let events)? = fetched.result.failure else {
      Issue.record("the read did not fail with the field error: \(String(describing: fetched.result.failure))")
      return
    }
    #expect(events.map(\.field) == ["type"])
  }

  @Test func throwOnFieldErrorOnAFragmentMakesReadingTheSpreadThrow() throws {
    let fetched = try FixtureRead(RickAndMorty.CharacterWithCardQuery(id: "1"), fixture: "CharacterWithCard-typeError")
    let character = try #require(fetched.data?.character)
    #expect(throws: BatonNormalizer.ReadFailure.self) { try character.characterCard }
  }

  @Test func throwOnFieldErrorOnAFragmentMakesSemanticNonNullFieldsNonOptional() throws {
    let fetched = try FixtureRead(RickAndMorty.CharacterWithCardQuery(id: "1"), fixture: "CharacterWithCard")
    let card = try #require(fetched.data?.character).characterCard
    let origin: RickAndMorty.CharacterCard.Origin = card.origin
    #expect(card.name == "Rick Sanchez")
    #expect(origin.name == "Earth (C-137)")
    #expect(origin.dimension == "Dimension C-137")
    #expect(try card.species.get() == "Human")
  }

  @Test func requiredNoneNullsTheParentQuietly() throws {
    let fetched = try FixtureRead(RickAndMorty.RequiredFieldsQuery(id: "1"), fixture: "RequiredFields-typeNull")
    let data = try #require(fetched.data)
    #expect(data.character == nil)
    #expect(fetched.requiredFieldMissingEvents.isEmpty)
    #expect(fetched.result.failure == nil)
  }

  @Test func requiredLogNullsTheParentAndLogs() throws {
    let fetched = try FixtureRead(RickAndMorty.RequiredFieldsQuery(id: "1"), fixture: "RequiredFields-originNull")
    let data = try #require(fetched.data)
    #expect(data.character == nil)
    #expect(fetched.requiredFieldMissingEvents.map(\.field) == ["origin"])
  }

  @Test func requiredThrowMakesTheAccessorThrowAndLeavesTheRestReadable() throws {
    let fetched = try FixtureRead(RickAndMorty.RequiredFieldsQuery(id: "1"), fixture: "RequiredFields-dimensionNull")
    #expect(fetched.result.failure == nil)
    let character = try #require(fetched.data?.character)
    let location = try #require(character.location)
    #expect(location.name == "Earth (Replacement Dimension)")
    #expect(character.type == "Human")
    #expect(character.origin.name == "Earth (C-137)")
    let dimension: () throws(ReadFailure) -> String = { try location.dimension }
    do {
      _ = try dimension()
      Issue.record("a null dimension under @required(action: THROW) did not throw")
    } catch {
      guard case .requiredFieldMissing(let event) = error else {
        Issue.record("dimension threw \(error), not requiredFieldMissing")
        return
      }
      #expect(event.kind == .requiredFieldMissing(.throw))
      #expect(event.owner == .operation("RequiredFields"))
      #expect(event.field == "dimension")
      #expect(fetched.requiredFieldMissingEvents == [event])
    }
  }

  @Test func requiredThrowInAFragmentThrowsFromTheFieldNotFromTheSpread() throws {
    let fetched = try FixtureRead(RickAndMorty.FeaturedQuery(), fixture: "Featured-originNull")
    #expect(fetched.result.failure == nil)
    let characters = try #require(fetched.data).featured.compactMap(\.asCharacter)
    let rick: RickAndMorty.OriginRequired = try #require(characters.first).originRequired
    #expect(rick.name == "Rick Sanchez")
    do {
      _ = try rick.origin
      Issue.record("a null origin under @required(action: THROW) did not throw")
    } catch {
      guard case .requiredFieldMissing(let event) = error else {
        Issue.record("origin threw \(error), not requiredFieldMissing")
        return
      }
      #expect(event.owner == .fragment("OriginRequired") && event.field == "origin")
    }
    let morty: RickAndMorty.OriginRequired.Origin = try #require(characters.last).originRequired.origin
    #expect(morty.name == "Earth (C-137)")
  }

  @Test(.timeLimit(.minutes(1)))
  func requiredThrowLeavesTheHandleReadyAndLogsOnce() async throws {
    let transport = ScriptedTransport()
    let body = try FixtureRead<RickAndMorty.RequiredFieldsQuery>.bytes("RequiredFields-dimensionNull")
    transport.answerAlways(.body(body), for: "RequiredFields")
    let environment = GraphQLEnvironment(transport: transport)
    let handle = environment.watch(RickAndMorty.RequiredFieldsQuery(id: "1"), policy: .networkOnly)
    let settled = try await handle.settled().phase
    guard case .ready(let data) = settled else {
      Issue.record("the phase is \(String(describing: settled)), not ready")
      return
    }
    let location = try #require(data.character?.location)
    #expect(location.name == "Earth (Replacement Dimension)")
    #expect(throws: ReadFailure.self) { try location.dimension }
    await handle.refetch()
    let refetched = try #require(handle.phase.data?.character?.location)
    #expect(throws: ReadFailure.self) { try refetched.dimension }
    let logged = environment.log.events.filter { $0.kind == .requiredFieldMissing(.throw) }
    #expect(logged.map(\.field) == ["dimension"])
  }
}
