@testable import BatonNormalizer
import Testing

/// Ids made from parts (a path below a parent, a key below a typename) must be the ids
/// their text names: equal, with equal hashes, and giving that text back.
@Suite struct RecordIDTests {
  @Test func aPathBelowTheRootIsItsText() {
    let issues = RecordID.client(parent: .root, storageKey: "issues(last:100)", indices: [])
    let issue = RecordID.client(parent: issues, storageKey: "nodes", indices: [12])
    let text = "client:root:issues(last:100):nodes:12"
    #expect(issue.rawValue == text)
    #expect(issue == RecordID(text))
    #expect(RecordID(text) == issue)
    #expect(issue.hashValue == RecordID(text).hashValue)
    #expect(Set([issue, RecordID(text)]).count == 1)
  }

  @Test func aPathBelowAKeyedIdTakesTheClientPrefix() {
    let user = RecordID.keyed(typename: RecordID("User"), key: "MDQ6VXNlcjE=")
    #expect(user == RecordID("User:MDQ6VXNlcjE="))
    #expect(user.hashValue == RecordID("User:MDQ6VXNlcjE=").hashValue)
    let avatar = RecordID.client(parent: user, storageKey: "avatar(size:2)", indices: [])
    #expect(avatar.rawValue == "client:User:MDQ6VXNlcjE=:avatar(size:2)")
    #expect(avatar == RecordID("client:User:MDQ6VXNlcjE=:avatar(size:2)"))
    #expect(avatar.hashValue == RecordID("client:User:MDQ6VXNlcjE=:avatar(size:2)").hashValue)
    // Below a parent given as text that already carries the prefix, none is added.
    let below = RecordID.client(parent: RecordID("client:User:1:a"), storageKey: "b", indices: [0])
    #expect(below.rawValue == "client:User:1:a:b:0")
  }

  @Test func idsFromDifferentPartsWithTheSameTextAreEqual() {
    // A typename with a colon: the same text as a longer key below a shorter typename.
    let some = RecordID.keyed(typename: RecordID("A:b"), key: "c")
    let other = RecordID.keyed(typename: RecordID("A"), key: "b:c")
    #expect(some == other)
    #expect(some.hashValue == other.hashValue)
    // Two separately built chains.
    let first = RecordID.client(parent: RecordID.client(parent: .root, storageKey: "a", indices: [1]), storageKey: "b", indices: [])
    let second = RecordID.client(parent: RecordID.client(parent: .root, storageKey: "a", indices: [1]), storageKey: "b", indices: [])
    #expect(first == second)
    #expect(first != RecordID.client(parent: RecordID.client(parent: .root, storageKey: "a", indices: [2]), storageKey: "b", indices: []))
  }

  @Test func listsOfListsAndLongChainsAreKeptAsText() {
    let nested = RecordID.client(parent: .root, storageKey: "grid", indices: [3, 4])
    #expect(nested.rawValue == "client:root:grid:3:4")
    #expect(nested == RecordID("client:root:grid:3:4"))
    var id = RecordID.root
    var text = "client:root"
    for level in 0..<200 {
      id = RecordID.client(parent: id, storageKey: "f", indices: [level])
      text += ":f:\(level)"
    }
    #expect(id.rawValue == text)
    #expect(id == RecordID(text))
    #expect(id.hashValue == RecordID(text).hashValue)
    // What an image writes: the text's bytes, written in place, and their count.
    #expect(Self.written(id) == Array(text.utf8))
    #expect(id.utf8Count == text.utf8.count)
  }

  @Test func anImageWritesTheTextOfEveryForm() {
    let user = RecordID.keyed(typename: RecordID("User"), key: "MDQ6VXNlcjE=")
    let avatar = RecordID.client(parent: user, storageKey: "avatar(size:2)", indices: [])
    let friend = RecordID.client(parent: avatar, storageKey: "friends", indices: [1234])
    let zeroth = RecordID.client(parent: .root, storageKey: "nodes", indices: [0])
    for id in [user, avatar, friend, zeroth, RecordID.root, RecordID("")] {
      #expect(Self.written(id) == Array(id.rawValue.utf8), "\(id)")
      #expect(id.utf8Count == id.rawValue.utf8.count, "\(id)")
    }
    #expect(friend.rawValue == "client:User:MDQ6VXNlcjE=:avatar(size:2):friends:1234")
  }

  private static func written(_ id: RecordID) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: id.utf8Count) { buffer, count in
      id.writeUTF8(into: UnsafeMutableRawBufferPointer(buffer))
      count = buffer.count
    }
  }

  @Test func textsCompareByTheirBytes() {
    let composed = RecordID.keyed(typename: RecordID("User"), key: "\u{E9}")
    let decomposed = RecordID("User:e\u{301}")
    // Hashes are of the bytes, so equality is too (never equal with unequal hashes).
    #expect(composed != decomposed)
    #expect(composed == RecordID("User:\u{E9}"))
  }

  /// Sets and dictionaries file an id under its own hash mixed with their seed: ids equal
  /// by text meet in any table, and tables seeded differently order them differently (one
  /// table's order poured into another must not pile up in its buckets).
  @Test func tablesFileEqualIdsTogetherUnderTheirOwnSeed() {
    let parts = RecordID.client(parent: .root, storageKey: "hero", indices: [3])
    let text = RecordID("client:root:hero:3")
    for seed in [0, 1, -1, 0x5eed, Int.max] {
      #expect(parts._rawHashValue(seed: seed) == text._rawHashValue(seed: seed))
    }
    #expect(Set([0, 1, 2, 3].map { text._rawHashValue(seed: $0) }).count == 4)
    let ids = (0..<4096).map { RecordID("User:\($0)") }
    let small = Set(ids)
    var large = Set<RecordID>(minimumCapacity: 1 << 16)
    for id in small { large.insert(id) }
    #expect(large.count == ids.count && ids.allSatisfy { large.contains($0) })
    let lowBits = Set(ids.map { $0._rawHashValue(seed: 0) & 0xFFF })
    #expect(lowBits.count > 2048, "the low bits a table indexes by should spread: \(lowBits.count) of 4096")
  }

  @Test func anIdAndAFieldTakeOneWordAndFortyBytes() {
    #expect(MemoryLayout<RecordID>.size == MemoryLayout<Int>.size)
    #expect(MemoryLayout<RecordField>.stride + MemoryLayout<String>.stride <= 40)
  }
}
