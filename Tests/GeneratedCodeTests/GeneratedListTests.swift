import BatonNormalizer
import BatonStore
import Testing

/// A list field of objects reads as a `DataList`: a random-access collection over the list
/// the read gave, `==` and hashed by its elements, copied out by `Array(_:)`, and built from
/// an array.
struct GeneratedListTests {
  typealias Location = RickAndMorty.NestedListsQuery.Data.Location
  typealias Resident = Location.Resident

  static func location(_ names: [String]) -> Location {
    Location(id: "L1", residents: names.enumerated().map { index, name in
      Resident(id: String(index + 1), name: name, episodes: [.init(id: "E1", code: "S01E01", characters: [])])
    })
  }

  @Test func aListReadsItsElementsByIndexInOrder() {
    let residents = Self.location(["Rick", "Morty", "Summer"]).residents
    #expect(residents.count == 3)
    #expect(residents[1].name == "Morty")
    #expect(residents.map(\.name) == ["Rick", "Morty", "Summer"])
    #expect(Array(residents).map(\.name) == ["Rick", "Morty", "Summer"])
    #expect(residents.last?.episodes.first?.code == "S01E01")
  }

  @Test func listsAreEqualAndHashAlikeByTheirElementsValues() {
    let one = Self.location(["Rick", "Morty"]).residents
    let other = Self.location(["Rick", "Morty"]).residents
    #expect(one == other)
    #expect(one.hashValue == other.hashValue)
    #expect(one != Self.location(["Rick", "Summer"]).residents)
    #expect(one != Self.location(["Rick"]).residents)
    #expect(Array(one) == Array(other))
  }

  /// What `ForEach(_:)` asks of its data: a random-access collection of `Identifiable` elements.
  @Test func aListOfIdentifiableObjectsIsWhatForEachTakes() {
    func identities<Rows: RandomAccessCollection>(_ rows: Rows) -> [Rows.Element.ID] where Rows.Element: Identifiable {
      rows.map(\.id)
    }
    typealias Page = RickAndMorty.CharactersPageQuery.Data.Characters
    let page = Page(info: .init(count: 2, pages: 1), results: [.init(id: "1", name: "Rick"), .init(id: "2", name: "Morty")])
    #expect(identities(page.results) == ["1", "2"])
  }

  @Test func aNullItemReadsNilAndBuildsFromNil() {
    let data = RickAndMorty.CharactersByIdsQuery.Data(charactersByIds: [.init(id: "1", name: "Rick"), nil])
    let characters: DataList<RickAndMorty.CharactersByIdsQuery.Data.CharactersById?> = data.charactersByIds
    #expect(characters.count == 2)
    #expect(characters[0]?.name == "Rick")
    #expect(characters[1] == nil)
    #expect(data.__response.data["charactersByIds"] == [["__typename": "Character", "id": "1", "name": "Rick"], nil])
  }

  @Test func aListOfListsMakesItsInnerListsAsItReadsThem() {
    let location = Self.location(["Rick", "Morty"])
    let lists = DataList<DataList<Resident>?>(__items: [location._data[2], .null], in: location._source)
    #expect(lists.count == 2)
    #expect(lists[0]?.map(\.name) == ["Rick", "Morty"])
    #expect(lists[0] == location.residents)
    #expect(lists[1] == nil)
  }

  @Test func aListPrintsItsElementsFields() {
    let residents = Self.location(["Rick"]).residents
    #expect(String(reflecting: residents) == #"[Resident(id: "1", name: "Rick", episodes: [Episode(id: "E1", code: "S01E01", characters: [])])]"#)
  }
}
