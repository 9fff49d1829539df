import BatonNormalizer
import BatonStore
import BatonTesting
import EndToEndOperations
import Testing

/// `PreviewResponse.generated(for:)` fills every selection of an operation (a union with
/// three levels under it, an interface, a fragment, a field under `@include`), so a test
/// states only the facts it cares about, one line each.
struct GeneratedResponseTests {
  typealias Query = EndToEnd.SearchPreviewQuery
  static let query = Query(text: "Rick", withEpisodes: true)

  @Test func everySelectionIsFilledThreeLevelsDown() throws {
    let handle = GraphQLEnvironment.preview(Self.query, .ready(.generated(for: Self.query)))
    let data = try #require(handle.phase.data)
    #expect(handle.fieldErrors.isEmpty)
    #expect(data.search.count == 2)
    let character = try #require(data.search.first?.asCharacter, "a union is its first possible type by name")
    let residents = try #require(character.origin?.residents)
    #expect(residents.count == 2)
    #expect(residents.allSatisfy { !$0.name.isEmpty && !$0.id.isEmpty })
    #expect(character.episodes?.count == 2, "a field under @include(if: true) is filled")
    #expect(data.featured.count == 2)
    #expect(data.featured.first?.__typename == "Character", "an interface is its first possible type by name")
    #expect(data.featured.first?.originDetails?.origin?.name.isEmpty == false, "a spread fragment is filled")
  }

  @Test func aPreviewStateStatesOnlyTheFactsItCaresAbout() throws {
    let response = PreviewResponse.generated(for: Self.query, values: ["CharacterStatus": "ALIVE"])
      .setting("Rick Sanchez", at: "search", "0", "name")
      .setting(.null, at: "search", "1", "origin")
      .fieldError("Not authorized", at: "search", "0", "origin", "residents", "1", "name")
    let handle = GraphQLEnvironment.preview(Self.query, .refreshing(response))

    let first = try #require(handle.phase.data?.search.first?.asCharacter)
    #expect(first.name == "Rick Sanchez")
    #expect(first.status == .alive)
    #expect(handle.phase.data?.search.last?.asCharacter?.origin == nil)
    #expect(handle.fieldErrors.map(\.field) == ["name"])
    #expect(handle.isRefreshing)
  }

  @Test func choosingPicksTheConcreteTypeOfAnInterfaceOrUnion() throws {
    let response = PreviewResponse.generated(for: Self.query, choosing: ["SearchResult": "Location", "Node": "Episode"])
    let data = try #require(GraphQLEnvironment.preview(Self.query, .ready(response)).phase.data)
    #expect(data.search.allSatisfy { $0.asLocation != nil && $0.asCharacter == nil })
    #expect(data.featured.allSatisfy { $0.asEpisode?.code.isEmpty == false && $0.originDetails == nil })
  }

  @Test func aFieldUnderAFalseIncludeIsLeftOut() throws {
    let query = Query(text: "Rick", withEpisodes: false)
    let response = PreviewResponse.generated(for: query)
    #expect(response.data["search"].flatMap { if case .array(let items) = $0 { items.first } else { nil } }?["episodes"] == nil)
    let data = try #require(GraphQLEnvironment.preview(query, .ready(response)).phase.data)
    #expect(data.search.first?.asCharacter?.episodes == nil)
  }

  @Test func theSameSeedGivesTheSameDataAndIDsAreUnique() {
    let one = PreviewResponse.generated(for: Self.query, seed: 7)
    #expect(one == PreviewResponse.generated(for: Self.query, seed: 7))
    #expect(one != PreviewResponse.generated(for: Self.query, seed: 8))
    var ids: [String] = []
    func collect(_ value: JSONValue) {
      switch value {
      case .object(let members):
        for member in members {
          if member.key == "id", let id = member.value.stringValue { ids.append(id) } else { collect(member.value) }
        }
      case .array(let items): items.forEach(collect)
      default: break
      }
    }
    collect(one.data)
    #expect(ids.count > 10)
    #expect(Set(ids).count == ids.count)
  }
}
