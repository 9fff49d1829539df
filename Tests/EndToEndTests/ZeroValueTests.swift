import Baton
import BatonNormalizer
import Testing

// Testable: the zero-value checks look at a read's `_data`, which generated code keeps internal.
@testable import EndToEndOperations

/// ARCHITECTURE.md §6's zero values, read through generated code from record sources where every
/// selected field is missing: each reads as its type's zero value, each with its
/// `missing` event, and nothing traps.
@Suite struct ZeroValueTests {
  typealias Query = EndToEnd.EveryKindQuery

  static let character = RecordID("Character:1")
  /// Rick is known to be a `Character` (the store keeps `__typename` apart) and nothing else.
  static let rootWithRick = RecordSource([
    StoreRecord(id: .root, fields: [#"character(id:"1")"#: RecordField(.link(character))]),
    StoreRecord(id: character, typename: "Character"),
  ])

  /// The read, with the events of the fragments its data spreads.
  static func read(_ source: RecordSource) throws -> (data: Query.Data, events: [ReadEvent]) {
    let result = BatonNormalizer.read(source, operation: Query.operation)
    let root = try #require(result.data)
    let data = Query.makeData(root, in: source)
    let spread = try #require(data.character?._data.fields.compactMap(\.fragmentReference).first)
    let fragment = BatonNormalizer.read(source, fragment: EndToEnd.OriginDetails.fragment, at: spread)
    return (data, result.events + fragment.events)
  }

  @Test func everyScalarKindReadsItsZeroValue() throws {
    let character = try #require(try Self.read(Self.rootWithRick).data.character)
    #expect(character.__typename == "Character")
    #expect(character.id == "")
    #expect(character.name == "")
    #expect(character.rating == 0.0)
    #expect(character.isFavorite == false)
    #expect(character.created == EndToEnd.DateTime(jsonValue: .null))
    #expect(character.type == nil)
  }

  /// An enum's zero value is not its first case: that would look like data.
  @Test func enumsReadUnknownEmptyNotTheirFirstCase() throws {
    let character = try #require(try Self.read(Self.rootWithRick).data.character)
    #expect(character.status == .__unknown(""))
    #expect(character.status != .alive)
    #expect(character.gender == .__unknown(""))
    #expect(character.gender != .female)
  }

  @Test func listsReadEmptyAndNullableLinksNil() throws {
    let character = try #require(try Self.read(Self.rootWithRick).data.character)
    #expect(character.episodes.isEmpty)
    #expect(character.origin == nil)
    #expect(character.originDetails.origin == nil)
  }

  /// A missing non-null link reads as the type's one placeholder, shared by every read of
  /// that type, whose own fields are zero values in turn.
  @Test func nonNullLinksReadOnePlaceholderPerType() throws {
    let data = try Self.read(Self.rootWithRick).data
    #expect(data.characters._data.id == "client:placeholder:CharacterPage")
    #expect(data.secondPage._data.id == data.characters._data.id)
    #expect(data.characters.info._data.id == "client:placeholder:PageInfo")
    #expect(data.characters.info._data == data.secondPage.info._data)
    #expect(data.characters.__typename == "CharacterPage")
    #expect(data.characters.info.count == 0 && data.characters.info.pages == 0 && data.characters.info.next == nil)
    #expect(data.characters.results.isEmpty && data.secondPage.results.isEmpty)
  }

  /// A fragment spread on a placeholder reads zero values too. The miss was reported where
  /// the link was read, so the fragment's read must not name a record that never existed.
  @Test func aFragmentOnAPlaceholderReadsZeroValues() throws {
    let data = try Self.read(Self.rootWithRick).data
    #expect(data.characters.pageCount.info.count == 0)
    let spread = try #require(data.characters._data.fields.compactMap(\.fragmentReference).first)
    let fragment = BatonNormalizer.read(Self.rootWithRick, fragment: EndToEnd.PageCount.fragment, at: spread)
    #expect(!fragment.events.contains { $0.record.rawValue.hasPrefix("client:placeholder:") })
  }

  /// One `missing` event per missing field, naming the owner, the record and the field;
  /// the placeholder's own fields were never in the store and log nothing, and neither do
  /// unset client extension fields (`rating`, `isFavorite`), which no refetch could fill.
  @Test func eachMissingFieldHasItsEvent() throws {
    let events = try Self.read(Self.rootWithRick).events
    #expect(events.allSatisfy { $0.kind == .missing })
    let named = events.map { "\($0.owner) \($0.record) \($0.field ?? "-")" }
    let rick = ["id", "name", "status", "gender", "type", "created", "episodes", "origin"]
    #expect(named == [
      "operation EveryKind client:root characters(page:1)",
      "operation EveryKind client:root characters(page:2)",
    ] + rick.map { "operation EveryKind Character:1 \($0)" } + [
      "fragment OriginDetails Character:1 origin",
    ])
  }

  /// Sources where more and more is missing, down to nothing at all: every accessor of
  /// every generated type still answers.
  @Test(arguments: [
    RecordSource(),
    RecordSource([StoreRecord(id: .root)]),
    RecordSource([
      StoreRecord(id: .root, fields: [
        #"character(id:"1")"#: RecordField(.link("Character:404")),
        "characters(page:1)": RecordField(.link("client:root:characters(page:1)")),
        "characters(page:2)": RecordField(.link("client:root:characters(page:2)")),
      ]),
      StoreRecord(id: "client:root:characters(page:1)", typename: "CharacterPage"),
    ]),
    rootWithRick,
    RecordSource([
      StoreRecord(id: .root, fields: [#"character(id:"1")"#: RecordField(.link(character))]),
      StoreRecord(id: character),
    ]),
  ])
  func nothingTrapsWhateverIsMissing(source: RecordSource) {
    let result = BatonNormalizer.read(source, operation: Query.operation)
    #expect(result.isMissingData)
    guard let root = result.data else {
      #expect(result.events == [ReadEvent(.missing, owner: .operation("EveryKind"), record: .root, field: nil)])
      return
    }
    let data = Query.makeData(root, in: source)
    let infos = [data.characters.info.count, data.characters.info.pages, data.secondPage.info.count, data.secondPage.info.pages]
    #expect(infos == [0, 0, 0, 0])
    #expect(data.characters.info.next == nil && data.secondPage.info.next == nil)
    let resultIDs = data.characters.results.map(\.id) + data.secondPage.results.map(\.id)
    #expect(resultIDs.isEmpty)
    if let character = data.character {
      let strings = [character.id, character.name]
      #expect(strings == ["", ""])
      #expect(character.status == .__unknown("") && character.gender == .__unknown(""))
      #expect(character.rating == 0 && !character.isFavorite && character.type == nil)
      #expect(character.episodes.isEmpty && character.origin == nil && character.originDetails.origin == nil)
    }
  }
}
