/// The items of a list a record holds (`RecordValue.list`): a collection read as an array
/// is, stored as one array while short and in chunks once appended to past that, so that
/// appending a page to a long list (a connection of 10,000 edges) shares the chunks already
/// there instead of copying every edge (see `Chunked`).
///
/// Two lists are equal when their items are; chunks they share compare by identity.
public struct RecordList: Sendable, Hashable, RandomAccessCollection, ExpressibleByArrayLiteral {
  private(set) var chunks: Chunked<RecordValue>

  /// The items of `items`, as they are.
  public init(_ items: [RecordValue]) {
    chunks = Chunked(items)
  }

  /// The items of `items`, in order.
  public init(_ items: some Sequence<RecordValue>) {
    chunks = Chunked(Array(items))
  }

  /// No items.
  public init() {
    chunks = Chunked([])
  }

  /// The items of the literal.
  public init(arrayLiteral elements: RecordValue...) {
    chunks = Chunked(elements)
  }

  /// `0`.
  public var startIndex: Int { 0 }

  /// The number of items.
  public var endIndex: Int { chunks.count }

  /// The item at `position`, which must be below `count`, as an array's.
  public subscript(position: Int) -> RecordValue { chunks[position] }

  /// An iterator over the items, in order.
  public func makeIterator() -> Iterator { Iterator(items: chunks.makeIterator()) }

  /// Walks a chunk's array at a time, so iterating costs what an array's does.
  public struct Iterator: IteratorProtocol {
    var items: Chunked<RecordValue>.Iterator

    /// The next item, or `nil` after the last.
    public mutating func next() -> RecordValue? { items.next() }
  }

  /// The items as one array (a copy when the list is chunked).
  public var array: [RecordValue] { chunks.array }

  /// Appends `items` after the last item.
  ///
  /// - Complexity: O(`items` + chunks) once chunked; the append that chunks a flat list is O(n).
  public mutating func append(contentsOf items: some Collection<RecordValue>) {
    chunks.append(contentsOf: items)
  }

  /// This list with `items` after its last item (see `append(contentsOf:)`).
  public static func + (lhs: RecordList, rhs: some Collection<RecordValue>) -> RecordList {
    var list = lhs
    list.append(contentsOf: rhs)
    return list
  }

  /// Whether the list's first items are `prefix`'s: a list appended to is checked against
  /// the list before in O(chunks + the items of one chunk).
  public func starts(with prefix: RecordList) -> Bool {
    chunks.starts(with: prefix.chunks)
  }

  /// Whether the two lists hold the same items, in the same order.
  public static func == (lhs: RecordList, rhs: RecordList) -> Bool {
    lhs.chunks == rhs.chunks
  }

  /// Hashes the items, as an array of them would be hashed, whatever the storage.
  public func hash(into hasher: inout Hasher) {
    chunks.hash(into: &hasher)
  }
}

extension RecordList: CustomStringConvertible, CustomDebugStringConvertible {
  /// The items, as an array prints them.
  public var description: String { array.description }

  /// The items, as an array prints them.
  public var debugDescription: String { array.debugDescription }
}
