import Testing
@_spi(Development) @testable import BatonNormalizer

/// What generated accessors call (`DataRead.string(_:)` and its kin) reads the same from a
/// lens, which looks a scalar up in its record in place, as from the tree, which holds it:
/// slot by slot, for every kind of slot and outside the selection.
@Suite struct DataReadAccessorTests {
  /// The hero of `LensReadTests`, read as a lens and as the tree, each wrapped as generated
  /// data wraps it.
  static func heroes() throws -> (lens: DataRead, tree: DataRead, selections: [Selection]) {
    let operation = LensReadTests.operation
    let records = try normalize(response: LensReadTests.body(), for: operation, variables: LensReadTests.variables).records
    let (lens, tree) = LensReadTests.reads(records)
    let hero = try #require(operation.selections.first.flatMap { selection -> FieldSelection? in
      guard case .field(let field) = selection else { return nil }
      return field
    })
    let lensHero = try #require(lens.data?.value("hero", in: operation.selections).objectValue)
    let treeHero = try #require(tree.data?.value("hero", in: operation.selections).objectValue)
    #expect(lensHero.lensContext != nil && treeHero.lensContext == nil)
    return (DataRead(lensHero, in: records), DataRead(treeHero, in: records), hero.selections)
  }

  @Test func everySlotReadsAlikeFromALensAndFromTheTree() throws {
    let (lens, tree, _) = try Self.heroes()
    for slot in -1...(tree.object.slotCount + 1) {
      #expect(lens.string(slot) == tree.string(slot), "slot \(slot)")
      #expect(lens.int(slot) == tree.int(slot), "slot \(slot)")
      #expect(lens.double(slot) == tree.double(slot), "slot \(slot)")
      #expect(lens.bool(slot) == tree.bool(slot), "slot \(slot)")
      #expect(lens.scalar(slot) == tree.scalar(slot), "slot \(slot)")
    }
  }

  @Test func eachKindOfScalarReadsItsValue() throws {
    let (lens, _, selections) = try Self.heroes()
    let keys = ["__typename", "name", "age", "height", "alive", "mood", "nickname", "tags", "home"]
    var slots: [String: Int] = [:]
    for key in keys { slots[key] = slotIndex(of: key, in: selections) }
    #expect(slots.count == keys.count)
    func slot(_ key: String) -> Int { slots[key] ?? -1 }
    #expect(lens.string(slot("__typename")) == "Character")
    #expect(lens.string(slot("name")) == "Luke")
    #expect(lens.int(slot("age")) == 19)
    #expect(lens.double(slot("height")) == 1.72)
    #expect(lens.bool(slot("alive")))
    #expect(lens.scalar(slot("mood")) == .string("HOPEFUL"))
    // Null, another kind of value, a list, an object: each accessor's zero value.
    #expect(lens.string(slot("nickname")) == "" && lens.scalar(slot("nickname")) == .null)
    #expect(lens.int(slot("name")) == 0 && lens.bool(slot("age")) == false)
    #expect(lens.string(slot("tags")) == "" && lens.string(slot("home")) == "")
  }

  /// A type case names one type, or many (an interface's): both compare the object's type.
  @Test func aTypeCaseMatchesTheObjectsType() throws {
    let (lens, tree, _) = try Self.heroes()
    let many: Set = ["Droid", "Ewok", "Wookiee", "Hutt", "Jawa", "Character"]
    for read in [lens, tree] {
      #expect(read.isOfType(["Character"]) && read.isOfType(["Droid", "Character"]) && read.isOfType(many))
      #expect(!read.isOfType(["Droid"]) && !read.isOfType(many.subtracting(["Character"])) && !read.isOfType([]))
    }
  }
}
