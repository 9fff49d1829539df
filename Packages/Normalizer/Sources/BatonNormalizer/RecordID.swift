/// The identity of a record in a record source.
///
/// An object with key fields is `Typename:key` (`User:MDQ6VXNlcjE=`); an object without
/// them is named by its path from the nearest keyed parent, as Relay does:
/// `client:root:repository(name:"baton"):issues(last:100):nodes:3`. The query root is
/// `client:root`.
public struct RecordID: Sendable, Hashable, Comparable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The id in one shared object: an id is then one word wherever it is kept (a record
  /// table's key and the record, every link, seen sets, read caches), where text and hash
  /// inline took three, and copies made from one id compare by identity.
  ///
  /// An id of an object without key fields is kept as its parent's id, the storage key and
  /// the list index, not as text: such ids run past a hundred bytes and repeat their
  /// parent's id. A keyed id is kept as its typename's id (one per type) and the key. Every
  /// form holds the hash of the whole text, and ids compare by text, so an id read back as
  /// text equals the one built from its parts.
  @usableFromInline final class Storage: Sendable {
    @usableFromInline let hash: Int
    /// `nil` for an id kept as text.
    let parent: Storage?
    /// The whole text, or (under a parent) the storage key or the key fields' value.
    let key: String
    /// The list index after the key, or -1 for none.
    let index: Int32
    /// How many parents are above this one: every walk up the chain is bounded.
    let depth: UInt16
    /// Whether the text starts with `client:` before the parent's (a keyed parent's).
    let prefixed: Bool
    /// `typename:key`, the parent being the typename; else `parent:key:index`.
    let keyed: Bool

    init(text: String) {
      parent = nil
      key = text
      index = -1
      depth = 0
      prefixed = false
      keyed = false
      // Ids are hashed on every store lookup, every seen-set insert and every time a table
      // grows; path ids run past a hundred bytes, so the hash is computed once, here.
      var hasher = Hasher()
      Self.feed(text, into: &hasher)
      hash = hasher.finalize()
    }

    /// The id of an object without key fields under `parent`.
    init(parent: Storage, key: String, index: Int32) {
      self.parent = parent
      self.key = key
      self.index = index
      keyed = false
      depth = parent.depth + 1
      let prefixed = !parent.startsWithClientPrefix
      self.prefixed = prefixed
      var hasher = Hasher()
      Self.feed(parent: parent, key: key, index: index, prefixed: prefixed, into: &hasher)
      hash = hasher.finalize()
    }

    /// A keyed id under a typename's id made from text, hashed from `prefix`, the hasher
    /// already fed the typename and the colon.
    init(keyedUnder parent: Storage, prefix: Hasher, key: String) {
      self.parent = parent
      self.key = key
      index = -1
      keyed = true
      depth = parent.depth + 1
      prefixed = false
      var hasher = prefix
      Self.feed(key, into: &hasher)
      hash = hasher.finalize()
    }

    /// A hasher fed this id's text and the colon a keyed id puts after it.
    var keyedPrefix: Hasher {
      var hasher = Hasher()
      feed(into: &hasher)
      Self.feed(":", into: &hasher)
      return hasher
    }

    fileprivate var startsWithClientPrefix: Bool {
      guard let parent else { return key.hasPrefix(RecordID.clientPrefix) }
      // A path's text starts with the prefix or with a parent's text that does.
      guard keyed else { return true }
      return parent.key == "client" || parent.key.hasPrefix(RecordID.clientPrefix)
    }

    /// Feeds the text's bytes, as `init(text:)` feeds a whole text: the hash of a text
    /// depends on its bytes alone, however they are cut into pieces.
    private func feed(into hasher: inout Hasher) {
      guard let parent else { return Self.feed(key, into: &hasher) }
      Self.feed(parent: parent, key: key, index: index, prefixed: prefixed, into: &hasher)
    }

    private static func feed(parent: Storage, key: String, index: Int32, prefixed: Bool, into hasher: inout Hasher) {
      if prefixed { feed(RecordID.clientPrefix, into: &hasher) }
      parent.feed(into: &hasher)
      feed(":", into: &hasher)
      feed(key, into: &hasher)
      if index >= 0 {
        // A colon and at most ten digits, made on the stack.
        withUnsafeTemporaryAllocation(byteCount: 11, alignment: 1) { buffer in
          let start = writeIndex(index, endingAt: buffer.count, into: buffer)
          hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
      }
    }

    private static func feed(_ text: String, into hasher: inout Hasher) {
      var text = text
      text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// The text, made in one allocation of its exact length.
    var text: String {
      guard parent != nil else { return key }
      let count = utf8Count
      return String(unsafeUninitializedCapacity: count) { buffer in
        writeText(into: UnsafeMutableRawBufferPointer(buffer))
        return count
      }
    }

    /// The length of the text in bytes, summed up the chain.
    var utf8Count: Int {
      var count = 0
      var node = self
      while let parent = node.parent {
        count += (node.prefixed ? RecordID.clientPrefix.utf8.count : 0) + 1 + node.key.utf8.count
        if node.index >= 0 { count += 1 + Self.digitCount(node.index) }
        node = parent
      }
      return count + node.key.utf8.count
    }

    /// Writes the text into `buffer`, which holds exactly `utf8Count` bytes. From the end,
    /// one part at a time up the chain: a save writes every id, and a recursion with a
    /// closure call a piece cost more than the bytes. Every prefix is `client:`, and all of
    /// them come before the chain's first text, so they are written last, at the front.
    func writeText(into buffer: UnsafeMutableRawBufferPointer) {
      var end = buffer.count
      var prefixes = 0
      var node = self
      while let parent = node.parent {
        if node.index >= 0 { end = Self.writeIndex(node.index, endingAt: end, into: buffer) }
        end = Self.write(node.key, endingAt: end, into: buffer)
        end -= 1
        buffer[end] = UInt8(ascii: ":")
        if node.prefixed { prefixes += 1 }
        node = parent
      }
      end = Self.write(node.key, endingAt: end, into: buffer)
      for _ in 0..<prefixes { end = Self.write(RecordID.clientPrefix, endingAt: end, into: buffer) }
    }

    /// Writes `:` and `index` in decimal to end at `end`; returns where they start.
    private static func writeIndex(_ index: Int32, endingAt end: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
      var start = end
      var value = Int(index)
      repeat {
        start -= 1
        buffer[start] = UInt8(ascii: "0") + UInt8(value % 10)
        value /= 10
      } while value > 0
      start -= 1
      buffer[start] = UInt8(ascii: ":")
      return start
    }

    /// Copies `text`'s bytes to end at `end`; returns where they start.
    private static func write(_ text: String, endingAt end: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
      let utf8 = text.utf8
      let start = end - utf8.count
      let copied: Void? = utf8.withContiguousStorageIfAvailable { bytes in
        UnsafeMutableRawBufferPointer(rebasing: buffer[start..<end]).copyMemory(from: UnsafeRawBufferPointer(bytes))
      }
      if copied == nil {
        var offset = start
        for byte in utf8 {
          buffer[offset] = byte
          offset += 1
        }
      }
      return start
    }

    private static func digitCount(_ index: Int32) -> Int {
      var count = 1
      var value = index / 10
      while value > 0 {
        count += 1
        value /= 10
      }
      return count
    }

    /// Whether the two texts have the same bytes, for storages whose hashes are equal. Bytes,
    /// not `String`'s canonical equivalence, as the hash is of the bytes.
    @usableFromInline func sameText(as other: Storage) -> Bool {
      switch (parent, other.parent) {
      case (nil, nil):
        return Self.sameBytes(key, other.key)
      case (let parent?, let otherParent?)
      where index == other.index && prefixed == other.prefixed && keyed == other.keyed && Self.sameBytes(key, other.key):
        // The same tail: the texts are equal exactly when the parents' are.
        return parent === otherParent || (parent.hash == otherParent.hash && parent.sameText(as: otherParent))
      default:
        return Self.sameBytes(text, other.text)
      }
    }

    private static func sameBytes(_ some: String, _ other: String) -> Bool {
      var some = some
      var other = other
      return some.withUTF8 { someBytes in
        other.withUTF8 { otherBytes in UnsafeRawBufferPointer(someBytes).sameBytes(as: UnsafeRawBufferPointer(otherBytes)) }
      }
    }
  }

  @usableFromInline let storage: Storage

  private init(_ storage: Storage) {
    self.storage = storage
  }

  public var rawValue: String { storage.text }

  public init(_ rawValue: String) {
    storage = Storage(text: rawValue)
  }

  public init(stringLiteral value: String) { self.init(value) }

  // Inlinable, as sets and tables of ids in other modules compare and hash them on every
  // lookup: a call each cost more than the comparison.
  @inlinable public static func == (lhs: RecordID, rhs: RecordID) -> Bool {
    lhs.storage === rhs.storage || (lhs.storage.hash == rhs.storage.hash && lhs.storage.sameText(as: rhs.storage))
  }

  @inlinable public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.hash)
  }

  /// The hash a set or a dictionary seeded with `seed` files this id under: the id's own
  /// hash, made once, mixed with the seed (see `HashMixing`).
  @inlinable public func _rawHashValue(seed: Int) -> Int {
    HashMixing.mix(storage.hash, seed: seed)
  }

  /// The record of the query root.
  public static let root = RecordID("client:root")

  static let clientPrefix = "client:"

  /// How many ids made from parts may chain below one made from text: building, hashing
  /// and comparing an id walk its chain by recursion. An object deeper below its nearest
  /// keyed parent is named by text.
  static let maximumDepth: UInt16 = 64

  /// Zero-value placeholders take ids under this prefix; no record is ever
  /// stored under one, so reads must not look them up.
  static let placeholderPrefix = "client:placeholder:"

  /// The id every placeholder of `typename` shares.
  static func placeholder(typename: String) -> RecordID {
    RecordID(placeholderPrefix + typename)
  }

  /// The typename of the placeholder this id names, or `nil` for any other id.
  var placeholderTypename: Substring? {
    // A placeholder's id is made from text; an id made from parts never is one.
    guard storage.parent == nil else { return nil }
    return rawValue.hasPrefix(Self.placeholderPrefix) ? rawValue.dropFirst(Self.placeholderPrefix.count) : nil
  }

  /// The id of an object without key fields, reached from `parent` through the field stored
  /// under `storageKey` and, inside lists, the item `indices`.
  static func client(parent: RecordID, storageKey: String, indices: [Int]) -> RecordID {
    // Kept as parts below a bounded depth, with at most one index that fits 32 bits (a
    // list of lists, rare, is kept as text).
    if indices.count <= 1, parent.storage.depth < maximumDepth, let index = Int32(exactly: indices.first ?? -1) {
      return RecordID(Storage(parent: parent.storage, key: storageKey, index: index))
    }
    var text = ""
    text.reserveCapacity(clientPrefix.utf8.count + parent.rawValue.utf8.count + storageKey.utf8.count + 6 * indices.count + 1)
    if !parent.rawValue.hasPrefix(clientPrefix) { text += clientPrefix }
    text += parent.rawValue
    text += ":"
    text += storageKey
    for index in indices {
      text += ":"
      text += String(index)
    }
    return RecordID(text)
  }

  /// The id of an object with key fields: `typename:key`, where `typename` is an id made
  /// from the typename's text (shared by every id of the type).
  static func keyed(typename: RecordID, key: String) -> RecordID {
    guard typename.storage.parent == nil else { return RecordID(typename.rawValue + ":" + key) }
    return RecordID(Storage(keyedUnder: typename.storage, prefix: typename.storage.keyedPrefix, key: key))
  }

  /// A typename's id with the hash every id keyed under it starts from: a normalizer makes
  /// one per type, and each id of the type then hashes only its key.
  final class KeyedPrefix: Sendable {
    let typename: RecordID
    let hasher: Hasher

    /// `typename` is an id made from text.
    init(_ typename: RecordID) {
      self.typename = typename
      hasher = typename.storage.keyedPrefix
    }

    /// `RecordID.keyed(typename:key:)`.
    func keyed(_ key: String) -> RecordID {
      RecordID(Storage(keyedUnder: typename.storage, prefix: hasher, key: key))
    }
  }

  /// The key of an object whose key fields have `values` (each a string or a number, in the
  /// key fields' order): a lone string as it is, a lone number as written, several as an
  /// object with sorted keys.
  static func keyText(_ values: [JSONMember]) -> String {
    if values.count == 1, let only = values.first?.value { return keyText(only) }
    return JSONWriter.string(.object(values), sortedKeys: true)
  }

  /// The key of an object whose one key field has `value`: a string as it is, a number as
  /// written.
  static func keyText(_ value: JSONValue) -> String {
    if case .string(let text) = value { return text }
    return JSONWriter.string(value)
  }

  /// Whether the id is the root's or names an object by its path, not by key fields the
  /// server gave: a record under such an id may change type from one response to the next.
  package var isClientID: Bool { storage.startsWithClientPrefix }

  /// How many bytes the text's UTF-8 takes, without making the text.
  package var utf8Count: Int { storage.utf8Count }

  /// Writes the text's UTF-8 into `buffer`, which holds exactly `utf8Count` bytes, without
  /// making the text (an id made of parts has none).
  package func writeUTF8(into buffer: UnsafeMutableRawBufferPointer) {
    storage.writeText(into: buffer)
  }

  public var description: String { rawValue }

  public static func < (lhs: RecordID, rhs: RecordID) -> Bool { lhs.rawValue < rhs.rawValue }
}
