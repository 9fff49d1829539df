/// A record's fields by storage key, used as a dictionary is (a subscript by key that
/// reads and writes, iteration of `(key, value)` pairs, `count`, `keys`, `values`, literals).
///
/// Stored as one array of entries sorted by key rather than a hash table: a record holds a
/// handful of fields, and a table per record cost more than the fields themselves (a
/// three-field record's table took 320 bytes, its array takes 200). Lookups in small records
/// compare keys in turn (storage keys of generated fields share one string, so equal keys
/// usually compare by identity); larger ones search by halves. A value with copy-on-write
/// storage, so records stay consistent snapshots.
public struct RecordFields: Sendable, Hashable {
  struct Entry: Sendable, Hashable {
    var key: String
    var value: RecordField
  }

  /// Sorted by key, keys unique.
  private(set) var entries: [Entry]

  /// No fields.
  public init() { entries = [] }

  /// No fields, with room for `minimumCapacity` without growing.
  public init(minimumCapacity: Int) {
    entries = []
    entries.reserveCapacity(minimumCapacity)
  }

  /// The fields of `dictionary`.
  public init(_ dictionary: [String: RecordField]) {
    entries = dictionary.map { Entry(key: $0.key, value: $0.value) }
    entries.sort { $0.key < $1.key }
  }

  /// Room for `minimumCapacity` fields without growing.
  public mutating func reserveCapacity(_ minimumCapacity: Int) {
    entries.reserveCapacity(minimumCapacity)
  }

  /// Gives back room reserved for fields that were not written, when that is more than a
  /// few: a record is built with room for every field its selections may store, and an
  /// object of one type of many (an author under `... on User`, `... on Bot`) stores few.
  mutating func releaseUnusedCapacity() {
    guard entries.capacity - entries.count > Self.spareLimit else { return }
    // Reserved, then filled: an array made from the whole of another keeps its buffer.
    var fitted: [Entry] = []
    fitted.reserveCapacity(entries.count)
    fitted.append(contentsOf: entries)
    entries = fitted
  }

  /// How much unused room a record keeps rather than being copied to its size.
  private static let spareLimit = 2

  /// The field stored under `key`, or `nil` when it is missing; setting `nil` removes it.
  ///
  /// - Complexity: O(log n) to find; O(n) to insert or remove.
  public subscript(key: String) -> RecordField? {
    get {
      guard let index = index(forKey: key) else { return nil }
      return entries[index].value
    }
    set {
      if let newValue {
        store(newValue, forKey: key)
      } else if let index = index(forKey: key) {
        entries.remove(at: index)
      }
    }
  }

  /// Stores `value` under `key` and returns the field it replaced, or `nil` when there was
  /// none.
  @discardableResult
  public mutating func updateValue(_ value: RecordField, forKey key: String) -> RecordField? {
    store(value, forKey: key)
  }

  /// Removes the field stored under `key` and returns it, or `nil` when it is missing.
  @discardableResult
  public mutating func removeValue(forKey key: String) -> RecordField? {
    guard let index = index(forKey: key) else { return nil }
    return entries.remove(at: index).value
  }

  /// The storage keys, in order.
  public var keys: [String] { entries.map(\.key) }

  /// The fields, in the order of their keys.
  public var values: [RecordField] { entries.map(\.value) }

  /// Records below this many fields are searched in turn: comparing a few keys for
  /// equality is cheaper than ordering them.
  private static let linearLimit = 8

  /// Where the field stored under `key` is in `entries`, or `nil` when it is missing: a
  /// read looks at the entry in place, where the subscript gives a copy.
  func index(forKey key: String) -> Int? {
    if entries.count < Self.linearLimit {
      // Lengths first: a string keeps its length at hand, and most keys of a record differ
      // in length, where comparing two strings' text is a call.
      let length = key.utf8.count
      return entries.firstIndex { $0.key.utf8.count == length && $0.key == key }
    }
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      let candidate = entries[middle].key
      if candidate == key { return middle }
      if candidate < key { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  /// The scalar of the field at `position` (where `index(forKey:)` found it), or `nil` for
  /// any other value: read in place, where the array's subscript copies the entry out.
  func scalar(at position: Int) -> JSONValue? {
    entries.withUnsafeBufferPointer { $0[position].value.scalar }
  }

  /// Stores `value` under `key`, moved in, and returns the field it replaced. A key that
  /// orders after every key (fields written in order, as an image stores them) is appended
  /// after one comparison; any other is placed by one search, which finds it or the place
  /// it goes.
  @discardableResult
  mutating func store(_ value: consuming RecordField, forKey key: String) -> RecordField? {
    let count = entries.count
    if count == 0 || entries[count - 1].key < key {
      entries.append(Entry(key: key, value: value))
      return nil
    }
    let index = lowerBound(of: key)
    if entries[index].key == key {
      swap(&value, &entries[index].value)
      return value
    }
    entries.insert(Entry(key: key, value: value), at: index)
    return nil
  }

  /// Writes `other`'s fields over these, field by field; fields `other` lacks stay. When
  /// `other` holds every key these hold (an object met again under the same selections,
  /// as nearly every merge is), the result is `other`'s fields themselves, shared.
  mutating func merge(_ other: RecordFields) {
    if Self.keys(of: entries, areAmong: other.entries) {
      self = other
      return
    }
    for entry in other.entries { store(entry.value, forKey: entry.key) }
  }

  /// Whether every key of `some` is a key of `all`, both sorted: one walk comparing keys
  /// for equality, which shared storage keys answer by identity.
  private static func keys(of some: [Entry], areAmong all: [Entry]) -> Bool {
    guard some.count <= all.count else { return false }
    var index = 0
    for entry in some {
      while index < all.count && all[index].key != entry.key { index += 1 }
      guard index < all.count else { return false }
      index += 1
    }
    return true
  }

  /// The first position whose key does not order before `key`: its own when the fields hold
  /// it, else where it goes to keep them sorted.
  private func lowerBound(of key: String) -> Int {
    var low = 0
    var high = entries.count
    if high < Self.linearLimit {
      while low < high && entries[low].key < key { low += 1 }
      return low
    }
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].key < key { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension RecordFields: RandomAccessCollection {
  /// A field and its storage key, as a dictionary's elements are.
  public typealias Element = (key: String, value: RecordField)

  /// The first position.
  public var startIndex: Int { entries.startIndex }
  /// The position past the last field.
  public var endIndex: Int { entries.endIndex }

  /// The field at `position`, with its key; fields are in the order of their keys.
  public subscript(position: Int) -> Element {
    let entry = entries[position]
    return (entry.key, entry.value)
  }
}

extension RecordFields: ExpressibleByDictionaryLiteral {
  /// Fields from a literal; of two entries with the same key, the later wins.
  public init(dictionaryLiteral elements: (String, RecordField)...) {
    self.init(minimumCapacity: elements.count)
    for (key, value) in elements { self[key] = value }
  }
}

extension RecordFields: CustomStringConvertible {
  /// The fields as a dictionary literal, keys in order.
  public var description: String {
    guard !entries.isEmpty else { return "[:]" }
    return "[" + entries.map { "\(String(reflecting: $0.key)): \($0.value)" }.joined(separator: ", ") + "]"
  }
}
