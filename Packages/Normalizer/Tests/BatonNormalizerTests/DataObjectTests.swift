import BatonNormalizer
import Testing

/// A read object is one reference to one allocation holding its header and slots, and
/// reads, compares and hashes as the value it stands for.
@Suite struct DataObjectTests {
  static let slots: [DataValue] = [.scalar("Rick"), .null, .absent, .list([.scalar("1"), .null])]

  @Test func anObjectIsOneReferenceWide() {
    #expect(MemoryLayout<DataObject>.size == MemoryLayout<AnyObject>.size)
  }

  @Test func itsSlotsReadBackByIndexAndWhole() {
    let object = DataObject(typename: "Character", id: "Character:1", fields: Self.slots, increments: ["more": .pending])
    #expect(object.typename == "Character")
    #expect(object.id == "Character:1")
    #expect(object.increments == ["more": .pending])
    #expect(object.slotCount == Self.slots.count)
    #expect(object.fields == Self.slots)
    #expect((0..<object.slotCount).map { object[$0] } == Self.slots)
    #expect(object[-1] == .absent)
    #expect(object[Self.slots.count] == .absent)
  }

  @Test func objectsMadeApartCompareAndHashByWhatTheyHold() {
    let one = DataObject(typename: "Character", id: "Character:1", fields: Self.slots)
    let same = DataObject(typename: "Character", id: "Character:1", fields: Self.slots)
    #expect(one == same)
    #expect(one.hashValue == same.hashValue)
    #expect(one != DataObject(typename: "Character", id: "Character:1", fields: Array(Self.slots.dropLast())))
    #expect(one != DataObject(typename: "Character", id: "Character:1", fields: [.scalar("Morty")] + Self.slots.dropFirst()))
    #expect(one != DataObject(typename: "Character", id: "Character:2", fields: Self.slots))
    #expect(one != DataObject(typename: "Human", id: "Character:1", fields: Self.slots))
    #expect(DataValue.object(one) == .object(same))
  }
}
