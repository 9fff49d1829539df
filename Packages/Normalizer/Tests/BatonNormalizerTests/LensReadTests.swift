import Foundation
import Testing
@_spi(Development) @testable import BatonNormalizer

/// A read where nothing needs deciding gives a lens over its records (ARCHITECTURE.md §7):
/// its slots are looked up when read, and each equals what the eager read builds, object by
/// object and list by list. A read with anything to decide builds the tree, as before.
@Suite struct LensReadTests {
  static let keys = ["Character": ["id"], "Location": ["id"]]

  static let card = Fragment(
    name: "Card", on: "Character",
    selections: [typenameField, scalar("name"), on("Character", [scalar("species")]), on("Droid", [scalar("function")])])

  static let avatar = Fragment(
    name: "Avatar", on: "Character", selections: [scalar("image", arguments: [Argument("size", .variable("size"))])],
    argumentDefinitions: [FragmentArgument("size", defaultValue: .number("64"))])

  static let operation = query("Q", [
    object("hero", "Character", keys: keys, [
      scalar("id", "ID", [.nonNull]),
      scalar("name", "String", [.nonNull]),
      scalar("nickname"),
      scalar("age", "Int"),
      scalar("height", "Float"),
      scalar("alive", "Boolean", [.nonNull]),
      scalar("mood", "Mood", kind: .enumeration),
      scalar("tags", "String", [.nonNull, .nonNull]),
      scalar("grid", "Int", [.nonNull, .nonNull, .nullable]),
      scalar("secret", conditions: [.include("withSecret")]),
      scalar("public", conditions: [.skip("withSecret")]),
      object("home", "Location", keys: keys, [scalar("id", "ID", [.nonNull]), scalar("name")]),
      object("friends", "Character", [.nonNull, .nullable], keys: keys, [
        scalar("id", "ID", [.nonNull]), .fragmentSpread(FragmentSpread(card)),
        .fragmentSpread(FragmentSpread(avatar, arguments: [Argument("size", .literal(.number("32")))])),
      ]),
      on("Character", [scalar("planet")]),
      on("Droid", [scalar("function")]),
      .fragmentSpread(FragmentSpread(card)),
    ])
  ])

  static let variables: [String: JSONValue] = ["withSecret": .bool(true)]

  static func friend(_ id: String, _ name: String, species: String) -> String {
    #"{"__typename":"Character","id":"\#(id)","name":"\#(name)","species":\#(species),"image":"\#(id).png"}"#
  }

  static let hero = #"""
    "__typename":"Character","id":"1","name":"Luke","nickname":null,"age":19,"height":1.72,"alive":true,
    "mood":"HOPEFUL","tags":["a","b"],"grid":[[1,null],[],[3]],"secret":"s",
    "home":{"__typename":"Location","id":"L1","name":"Tatooine"},"planet":"Tatooine","species":"Human"
    """#

  static func body(hero: String = hero, errors: String = "") -> [UInt8] {
    let friends = [friend("2", "Leia", species: #""Human""#), "null", friend("3", "Han", species: "null")]
    return bytes(#"{"data":{"hero":{\#(hero),"friends":[\#(friends.joined(separator: ","))]}}\#(errors)}"#)
  }

  /// The read the public function gives, and the eager read of the same records.
  static func reads(_ records: RecordSource) -> (read: ReadResult, tree: ReadResult) {
    var reader = Reader(operation, records, variables)
    return (read(records, operation: operation, variables: variables), reader.readOperation(.root, operation))
  }

  @Test func aPlainReadIsALensEqualToTheTree() throws {
    let records = try normalize(response: Self.body(), for: Self.operation, variables: Self.variables).records
    let (lens, tree) = Self.reads(records)
    #expect(lens.data?.lensContext != nil && lens.spreads != nil)
    #expect(tree.data?.lensContext == nil)
    #expect(lens == tree && lens.seenRecords == tree.seenRecords && lens.events.isEmpty)
    #expect(lens.data.hashValue == tree.data.hashValue)
    expectSame(.object(try #require(lens.data)), .object(try #require(tree.data)))
    // The references the walk listed are those in the data, in the order a walk of it meets them.
    #expect(lens.spreads == references(in: .object(try #require(tree.data))))
  }

  @Test func aFragmentReadThroughALensReferenceIsALensToo() throws {
    let records = try normalize(response: Self.body(), for: Self.operation, variables: Self.variables).records
    let references = try #require(Self.reads(records).read.spreads)
    #expect(references.count == 5)
    for reference in references {
      let fragment = reference.fragment == "Card" ? Self.card : Self.avatar
      let lens = read(records, fragment: fragment, at: reference)
      var reader = Reader(
        source: records, owner: .fragment(fragment.name), variables: reference.variables, onError: reference.onError,
        throwOnFieldError: false)
      let tree = reader.readRoot(reference.record, selections: fragment.steps)
      #expect(lens.data?.lensContext != nil && lens == tree)
      expectSame(.object(try #require(lens.data)), .object(try #require(tree.data)))
    }
  }

  /// A read that reaches fewer than an eighth of its source's records builds the tree; and
  /// selections without a list of objects can reach no more than their object fields'
  /// records, so reads of those too few for the source are not walked at all.
  @Test func aReadOfFewRecordsInALargeSourceBuildsTheTree() throws {
    var records = try normalize(response: Self.body(), for: Self.operation, variables: Self.variables).records
    let references = try #require(Self.reads(records).read.spreads)
    for index in 0..<60 {
      let id: RecordFields = ["id": RecordField(RecordValue.scalar(JSONValue.string("extra\(index)")))]
      records.merge(StoreRecord(id: RecordID("Location:extra\(index)"), typename: "Location", fields: id))
    }
    let (whole, tree) = Self.reads(records)
    #expect(whole.data?.lensContext == nil && whole == tree)
    for reference in references {
      let fragment = reference.fragment == "Card" ? Self.card : Self.avatar
      var reader = Reader(
        source: records, owner: .fragment(fragment.name), variables: reference.variables, onError: reference.onError,
        throwOnFieldError: false)
      let small = read(records, fragment: fragment, at: reference)
      #expect(small.data?.lensContext == nil && small == reader.readRoot(reference.record, selections: fragment.steps))
    }
    let detail = query("Detail", [
      object("hero", "Character", keys: Self.keys, [
        scalar("id", "ID", [.nonNull]), object("home", "Location", keys: Self.keys, [scalar("name")]),
        .fragmentSpread(FragmentSpread(Self.card)), on("Droid", [object("maker", "Character", keys: Self.keys, [])]),
      ])
    ])
    #expect(Self.card.steps.recordBound == 0)
    #expect(detail.steps.recordBound == 3)
    #expect(Self.operation.steps.recordBound == nil)
  }

  /// What makes a read decide something, each on a field the operation reads itself.
  enum Decision: String, CaseIterable, Sendable {
    case fieldError = "a field error"
    case missingRecord = "a linked record missing"
    case nullWherePromised = "a null where the schema promises a value"

    var records: RecordSource {
      get throws {
        switch self {
        case .fieldError:
          let errors = #","errors":[{"message":"boom","path":["hero","nickname"]}]"#
          return try normalize(response: body(errors: errors), for: operation, variables: variables).records
        case .missingRecord:
          var records = try normalize(response: body(), for: operation, variables: variables).records
          records.remove("Location:L1")
          return records
        case .nullWherePromised:
          let hero = LensReadTests.hero.replacingOccurrences(of: #""alive":true"#, with: #""alive":null"#)
          return try normalize(response: body(hero: hero), for: operation, variables: variables).records
        }
      }
    }
  }

  @Test(arguments: Decision.allCases)
  func anythingToDecideBuildsTheTree(_ decision: Decision) throws {
    let (read, tree) = Self.reads(try decision.records)
    #expect(read.data?.lensContext == nil && read.spreads == nil, "\(decision.rawValue)")
    #expect(read == tree && !read.events.isEmpty, "\(decision.rawValue)")
  }

  @Test func aLensReadsTheRecordsItWasMadeFrom() throws {
    let payload = try normalize(response: Self.body(), for: Self.operation, variables: Self.variables)
    var records = payload.records
    let lens = try #require(Self.reads(records).read.data)
    let hero = try #require(Self.operation.selections.first?.field)
    let heroSlot = try #require(slotIndex(of: "hero", in: Self.operation.selections))
    let nameSlot = try #require(slotIndex(of: "name", in: hero.selections))
    let renamed: RecordFields = ["name": RecordField(RecordValue.scalar(JSONValue.string("Anakin")))]
    records.merge(StoreRecord(id: RecordID("Character:1"), typename: "Character", fields: renamed))
    let luke: DataValue = .scalar("Luke")
    let anakin: DataValue = .scalar("Anakin")
    #expect(lens[heroSlot].objectValue?[nameSlot] == luke)
    #expect(Self.reads(records).read.data?[heroSlot].objectValue?[nameSlot] == anakin)
  }

  /// Slot by slot, down every object and list: the same values, each object's slots
  /// counted alike and hashed alike.
  func expectSame(_ lens: DataValue, _ tree: DataValue, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(lens == tree, sourceLocation: sourceLocation)
    #expect(lens.hashValue == tree.hashValue, sourceLocation: sourceLocation)
    switch (lens, tree) {
    case (.object(let left), .object(let right)):
      #expect(left.slotCount == right.slotCount && left.typename == right.typename && left.id == right.id)
      #expect(left.fields == right.fields, sourceLocation: sourceLocation)
      for index in 0..<min(left.slotCount, right.slotCount) { expectSame(left[index], right[index], sourceLocation: sourceLocation) }
      #expect(left[left.slotCount] == .absent && left[-1] == .absent, sourceLocation: sourceLocation)
    case (.list(let left), .list(let right)):
      #expect(left.count == right.count && Array(left) == left.array, sourceLocation: sourceLocation)
      for (one, other) in zip(left, right) { expectSame(one, other, sourceLocation: sourceLocation) }
    default:
      break
    }
  }

  /// The references in `value`, depth first in slot order, each once.
  func references(in value: DataValue) -> [FragmentReference] {
    var found: [FragmentReference] = []
    func walk(_ value: DataValue) {
      switch value {
      case .object(let object): for index in 0..<object.slotCount { walk(object[index]) }
      case .list(let items): items.forEach(walk)
      case .fragment(let reference): found.append(reference)
      default: break
      }
    }
    walk(value)
    return found
  }
}

extension Selection {
  fileprivate var field: FieldSelection? {
    guard case .field(let field) = self else { return nil }
    return field
  }
}
