import BatonNormalizer
import BatonTestServer
import Foundation
import StoreTestOperations
import Testing
@_spi(BatonDevelopment) @testable import BatonStore

/// A handle reads every fragment its data spreads (for the records and events of masked
/// fragments); its data's spread accessors hand out those reads instead of reading each
/// fragment again, and what they hand out is what reading the spread gives.
@Suite struct SpreadReadTests {
  @Test func aHandlesSpreadIsTheFragmentReadItsHandleMade() throws {
    let environment = NotificationTests.offlineEnvironment()
    try environment.commitPayload(CharacterDetail(id: "1"), NotificationTests.payload(1, name: "Rick"))
    let handle = environment.watch(StoreTests.CharacterCardQuery(id: "1"), policy: .storeOnly)
    let character = try #require(handle.phase.data?.character)
    let card = character.characterCard
    let reference = try #require(card.__read.reference)
    let fresh = read(environment.records, fragment: StoreTests.CharacterCard.fragment, at: reference)
    #expect(card._data == fresh.data)
    #expect(card.name == "Rick" && card.species == "Human")
    // The kept reads are what the accessor hands out: replaced by others, those come out.
    var source = character._source
    let kept = try #require(source.spreadReads)
    let other = DataObject(typename: "Character", id: "Character:1", fields: [.scalar("Character"), .scalar("Kept"), .scalar("Human")])
    source.spreadReads = SpreadReads([reference: (StoreTests.CharacterCard.fragment, other)])
    let spread: StoreTests.CharacterCard = DataRead(character._data, in: source).spread(2, StoreTests.CharacterCard.fragment)
    #expect(spread.name == "Kept")
    // They are no part of the source's value, and a write drops them.
    #expect(source == character._source && source.spreadReads !== kept)
    source.merge(StoreRecord(id: "Character:9"))
    #expect(source.spreadReads == nil)
    let reread: StoreTests.CharacterCard = DataRead(character._data, in: source).spread(2, StoreTests.CharacterCard.fragment)
    #expect(reread.name == "Rick")
  }

  @Test func aReReadAfterAWriteSpreadsTheNewFragmentRead() throws {
    let environment = NotificationTests.offlineEnvironment()
    try environment.commitPayload(CharacterDetail(id: "1"), NotificationTests.payload(1, name: "Rick"))
    let handle = environment.watch(StoreTests.CharacterCardQuery(id: "1"), policy: .storeOnly)
    #expect(handle.phase.data?.character?.characterCard.name == "Rick")
    environment.commitUpdate { $0.setValue(.scalar("Tiny Rick"), forKey: "name", on: "Character:1") }
    #expect(handle.phase.data?.character?.characterCard.name == "Tiny Rick")
  }

  /// A fragment read as a lens keeps nothing per spread: the next read compares it by
  /// reading the spread again in the last read's records. A write to a field no selection
  /// reads re-reads the handle and leaves its data as it was; a write to the fragment's own
  /// field gives new data.
  @Test func aLensFragmentsDataChangesOnlyWithItsFields() throws {
    let environment = NotificationTests.offlineEnvironment()
    try environment.commitPayload(CharacterDetail(id: "1"), NotificationTests.payload(1, name: "Rick"))
    let handle = environment.watch(StoreTests.CharacterCardQuery(id: "1"), policy: .storeOnly)
    let shown = try #require(handle.phase.data)
    let reads = handle.readCount
    environment.commitUpdate { $0.setValue(.scalar("Alive"), forKey: "status", on: "Character:1") }
    #expect(handle.readCount == reads + 1)
    #expect(handle.phase.data?.__read === shown.__read)
    environment.commitUpdate { $0.setValue(.scalar("Cronenberg"), forKey: "species", on: "Character:1") }
    #expect(handle.readCount == reads + 2)
    #expect(handle.phase.data?.__read !== shown.__read)
    #expect(handle.phase.data?.character?.characterCard.species == "Cronenberg")
    #expect(shown.character?.characterCard.species == "Human")
  }
}
