import BatonNormalizer
import BatonStore
import Testing

/// Every value of a recorded response comes back through the generated types: scalars,
/// enums, custom scalars, nested lists, type cases, masked fragments and escaped names.
struct GeneratedValueTests {
  @Test func characterDetailReadsEveryValue() throws {
    let fetched = try FixtureRead(RickAndMorty.CharacterDetailQuery(id: "1"), fixture: "CharacterDetail")
    let character = try #require(fetched.data?.character)
    #expect(character.id == "1")
    #expect(character.name == "Rick Sanchez")
    #expect(character.status == .alive)
    #expect(character.gender == .male)
    #expect(character.species == "Human")
    #expect(character.type == nil)
    #expect(character.origin?.name == "Earth (C-137)")
    #expect(character.origin?.dimension == "Dimension C-137")
    #expect(character.location?.id == "20")
    #expect(character.image == "https://rickandmortyapi.com/api/character/avatar/1.jpeg")
    #expect(character.episodes.map(\.code) == (1...10).map { "S01E" + ($0 < 10 ? "0\($0)" : "\($0)") })
    #expect(character.created == RickAndMorty.DateTime(jsonValue: .string("2017-11-04T18:48:46.250Z")))
    #expect(fetched.result.events.isEmpty)
  }

  @Test func unionTypeCasesMatchTheirTypes() throws {
    let fetched = try FixtureRead(RickAndMorty.SearchQuery(text: "Rick", first: .value(60)), fixture: "Search")
    let results = try #require(fetched.data).search
    #expect(results.compactMap(\.asCharacter).map(\.name).prefix(2) == ["Rick Sanchez", "Adjudicator Rick"])
    #expect(results.compactMap(\.asLocation).map(\.name) == ["Citadel of Ricks"])
    #expect(results.compactMap(\.asEpisode).map(\.code) == ["S01E06", "S01E09", "S01E10"])
    #expect(results.allSatisfy { [$0.asCharacter != nil, $0.asLocation != nil, $0.asEpisode != nil].filter { $0 }.count == 1 })
    #expect(results.first?.asCharacter?.status == .alive)
  }

  @Test func fragmentsOnInterfacesAreReadThroughTheirSpreads() throws {
    let fetched = try FixtureRead(RickAndMorty.FeaturedQuery(), fixture: "Featured")
    let featured = try #require(fetched.data).featured
    #expect(featured.map(\.__typename) == ["Character", "Location", "Episode", "Character"])
    #expect(featured.map(\.nodeName.id) == ["1", "20", "1", "2"])
    #expect(featured.map { $0.nodeName.asEpisode?.code } == [nil, nil, "S01E01", nil])
    #expect(featured.map { $0.nodeName.asLocation?.name } == [nil, "Earth (Replacement Dimension)", nil, nil])
    let origin: RickAndMorty.OriginRequired.Origin? = try featured.first?.asCharacter?.originRequired.origin
    #expect(origin?.name == "Earth (C-137)")
    #expect(featured.compactMap(\.asCharacter).map(\.name) == ["Rick Sanchez", "Morty Smith"])
  }

  @Test func namesThatAreNotIdentifiersAreEscaped() throws {
    let fetched = try FixtureRead(RickAndMorty.NamesQuery(), fixture: "Names")
    let character = try #require(fetched.data?.character)
    #expect(character.Character == "Rick Sanchez")
    #expect(character.default == "Human")
    #expect(character.self_ == "1")
    #expect(character.Type_ == nil)
    #expect(character._data_ == "https://rickandmortyapi.com/api/character/avatar/1.jpeg")
    #expect(character.kind == "Character")
  }

  @Test func variablesTellAbsentFromNullAndTakeTheirDefaults() {
    let absent = RickAndMorty.CharactersPageQuery(withOrigin: true)
    #expect(absent.variables == ["page": .number("1"), "withOrigin": .bool(true), "skipType": .bool(false)])
    let filter = RickAndMorty.CharacterFilter(name: .value("Rick"), status: .value(.alive), species: .null)
    let explicit = RickAndMorty.CharactersPageQuery(page: .value(2), filter: .value(filter), withOrigin: false, skipType: .null)
    #expect(explicit.variables == [
      "page": .number("2"),
      "filter": .object([JSONMember("name", .string("Rick")), JSONMember("status", .string("ALIVE")), JSONMember("species", .null)]),
      "withOrigin": .bool(false),
      "skipType": .null,
    ])
    let ids = RickAndMorty.CharactersByIdsQuery(ids: ["1", "2"])
    #expect(ids.variables == ["ids": .array([.string("1"), .string("2")])])
  }

  /// Relay's `getOperationVariables` rule: a store key never depends on whether a
  /// variable was left to its default or given the same value.
  @Test func aVariableLeftToItsDefaultIsStoredAsTheDefault() throws {
    let defaulted = try FixtureRead(RickAndMorty.CharactersPageQuery(withOrigin: true), fixture: "CharactersPage")
    #expect(defaulted.records[.root]?["characters(page:1)"] != nil)
    #expect(defaulted.records[.root]?["characters"] == nil)

    let explicit = RickAndMorty.CharactersPageQuery(page: .value(1), withOrigin: true, skipType: .value(false))
    let read = BatonNormalizer.read(defaulted.records, operation: RickAndMorty.CharactersPageQuery.operation, variables: explicit.variables)
    let data = RickAndMorty.CharactersPageQuery.makeData(try #require(read.data), in: defaulted.records)
    #expect(data.characters.results.first?.name == "Rick Sanchez")
    #expect(read.events.isEmpty)
  }

  @Test func enumsKeepValuesTheyDoNotKnow() {
    #expect(RickAndMorty.CharacterStatus(rawValue: "ALIVE") == .alive)
    #expect(RickAndMorty.CharacterStatus(rawValue: "UNKNOWN") == .unknown)
    #expect(RickAndMorty.CharacterStatus(rawValue: "UNDEAD") == .__unknown("UNDEAD"))
    #expect(RickAndMorty.CharacterStatus.__unknown("UNDEAD").rawValue == "UNDEAD")
  }

  @Test func theOperationIDIsTheSHA256OfTheText() {
    #expect(RickAndMorty.CharacterDetailQuery.operationID.count == 64)
    #expect(RickAndMorty.CharacterDetailQuery.operationID != RickAndMorty.SearchQuery.operationID)
    #expect(!RickAndMorty.CaughtFieldsQuery.document.contains("@catch"))
    #expect(RickAndMorty.CharacterWithCardQuery.document.contains("fragment CharacterCard on Character {"))
  }
}
