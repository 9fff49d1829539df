import BatonNormalizer
import BatonStore
import Testing

/// One test per row of DESIGN §7, each reading a response recorded from the loopback
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

  @Test func requiredThrowFailsTheRead() throws {
    let fetched = try FixtureRead(RickAndMorty.RequiredFieldsQuery(id: "1"), fixture: "RequiredFields-dimensionNull")
    guard case .requiredFieldMissing(let event)? = fetched.result.failure else {
      Issue.record("the read did not fail: \(String(describing: fetched.result.failure))")
      return
    }
    #expect(event.field == "dimension")
  }
}
