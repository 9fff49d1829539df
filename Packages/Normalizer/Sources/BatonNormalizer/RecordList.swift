/// The items of a list a record holds (`RecordValue.list`): a collection read as an array
/// is, stored as one array while short and in chunks of a fixed size once appended to past
/// that, so that appending a page to a long list (a connection of 10,000 edges) shares the
/// chunks already there: the new list costs its new items and one pointer per chunk, not a
/// copy of every item (and the old list's release, not a release of every item).
///
/// Two lists are equal when their items are; lists that share chunks compare those by
/// identity.
public struct RecordList: Sendable, Hashable, RandomAccessCollection, ExpressibleByArrayLiteral {
  enum Storage: Sendable {
    case flat([RecordValue])
    /// Every chunk but the last holds `chunkSize` items, the last 1...`chunkSize`.
    case chunked([[RecordValue]])
  }

  static let chunkShift = 7
  static let chunkSize = 1 << chunkShift

  private(set) var storage: Storage

  /// The items of `items`, as they are.
  public init(_ items: [RecordValue]) {
    storage = .flat(items)
  }

  /// The items of `items`, in order.
  public init(_ items: some Sequence<RecordValue>) {
    storage = .flat(Array(items))
  }

  /// No items.
  public init() {
    storage = .flat([])
  }

  public init(arrayLiteral elements: RecordValue...) {
    storage = .flat(elements)
  }

  /// `0`.
  public var startIndex: Int { 0 }

  /// The number of items.
  public var endIndex: Int {
    switch storage {
    case .flat(let items): items.count
    case .chunked(let chunks): (chunks.count - 1) << Self.chunkShift + (chunks.last?.count ?? 0)
    }
  }

  /// The item at `position`, which must be below `count`, as an array's.
  public subscript(position: Int) -> RecordValue {
    switch storage {
    case .flat(let items): items[position]
    case .chunked(let chunks): chunks[position >> Self.chunkShift][position & (Self.chunkSize - 1)]
    }
  }

  public func makeIterator() -> Iterator {
    switch storage {
    case .flat(let items): Iterator(current: items.makeIterator(), rest: nil)
    case .chunked(let chunks): Iterator(current: [].makeIterator(), rest: chunks.makeIterator())
    }
  }

  /// Walks a chunk's array at a time, so iterating costs what an array's does.
  public struct Iterator: IteratorProtocol {
    var current: IndexingIterator<[RecordValue]>
    var rest: IndexingIterator<[[RecordValue]]>?

    public mutating func next() -> RecordValue? {
      if let item = current.next() { return item }
      guard let chunk = rest?.next() else { return nil }
      current = chunk.makeIterator()
      return current.next()
    }
  }

  /// The items as one array (a copy when the list is chunked).
  public var array: [RecordValue] {
    switch storage {
    case .flat(let items): items
    case .chunked(let chunks): Array(chunks.joined())
    }
  }

  /// Appends `items` after the last item. Past `chunkSize` items the list is chunked; a
  /// chunked list copies only its last chunk (when it is shared) and the chunk pointers.
  ///
  /// - Complexity: O(`items` + chunks) once chunked; the append that chunks a flat list is O(n).
  public mutating func append(contentsOf items: some Collection<RecordValue>) {
    guard !items.isEmpty else { return }
    switch storage {
    case .flat(var flat):
      storage = .flat([])
      if flat.count + items.count <= Self.chunkSize {
        flat.append(contentsOf: items)
        storage = .flat(flat)
      } else {
        var chunks: [[RecordValue]] = []
        chunks.reserveCapacity((flat.count + items.count) >> Self.chunkShift + 1)
        Self.append(flat, to: &chunks)
        Self.append(items, to: &chunks)
        storage = .chunked(chunks)
      }
    case .chunked(var chunks):
      storage = .flat([])
      Self.append(items, to: &chunks)
      storage = .chunked(chunks)
    }
  }

  /// Fills the last chunk of `chunks`, then adds full ones and a last one.
  private static func append(_ items: some Collection<RecordValue>, to chunks: inout [[RecordValue]]) {
    var start = items.startIndex
    if var last = chunks.popLast() {
      let room = chunkSize - last.count
      let end = items.index(start, offsetBy: room, limitedBy: items.endIndex) ?? items.endIndex
      last.append(contentsOf: items[start..<end])
      chunks.append(last)
      start = end
    }
    while start != items.endIndex {
      let end = items.index(start, offsetBy: chunkSize, limitedBy: items.endIndex) ?? items.endIndex
      var chunk: [RecordValue] = []
      chunk.reserveCapacity(chunkSize)
      chunk.append(contentsOf: items[start..<end])
      chunks.append(chunk)
      start = end
    }
  }

  /// This list with `items` after its last item (see `append(contentsOf:)`).
  public static func + (lhs: RecordList, rhs: some Collection<RecordValue>) -> RecordList {
    var list = lhs
    list.append(contentsOf: rhs)
    return list
  }

  /// Whether the list's first items are `prefix`'s: chunks the two lists share compare by
  /// identity, so a list appended to is checked against the list before in O(chunks + the
  /// items of one chunk).
  public func starts(with prefix: RecordList) -> Bool {
    guard count >= prefix.count else { return false }
    if case .chunked(let chunks) = storage, case .chunked(let prefixChunks) = prefix.storage {
      let full = prefixChunks.count - 1
      for index in 0..<full where chunks[index] != prefixChunks[index] { return false }
      return chunks[full].starts(with: prefixChunks[full])
    }
    return elementsEqualPrefix(prefix)
  }

  private func elementsEqualPrefix(_ prefix: RecordList) -> Bool {
    var mine = makeIterator()
    for item in prefix {
      guard let other = mine.next(), other == item else { return false }
    }
    return true
  }

  public static func == (lhs: RecordList, rhs: RecordList) -> Bool {
    switch (lhs.storage, rhs.storage) {
    case (.flat(let left), .flat(let right)): left == right
    case (.chunked(let left), .chunked(let right)): left == right
    default: lhs.count == rhs.count && lhs.elementsEqualPrefix(rhs)
    }
  }

  /// Hashes the items, as an array of them would be hashed, whatever the storage.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for item in self { hasher.combine(item) }
  }
}

extension RecordList: CustomStringConvertible, CustomDebugStringConvertible {
  /// The items, as an array prints them.
  public var description: String { array.description }

  /// The items, as an array prints them.
  public var debugDescription: String { array.debugDescription }
}
