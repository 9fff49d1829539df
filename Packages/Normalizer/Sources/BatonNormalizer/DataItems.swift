/// The items of a list a read gave (`DataValue.list`): a collection read as an array is,
/// stored as one array while short and in chunks once appended to past that, so that the
/// read of a connection a page was appended to shares the chunks of the read before
/// instead of copying every edge, and the release of the read before frees a chunk, not
/// every edge (see `Chunked`). What `DataList` holds.
///
/// The items of a list read through a lens are made when asked for (`ListLens`).
///
/// Two lists are equal when their items are; chunks they share compare by identity.
public struct DataItems: Sendable, Hashable, RandomAccessCollection, ExpressibleByArrayLiteral {
  private(set) var chunks: Chunked<DataValue>
  /// The lens the items are read through; `chunks` is then empty.
  private var lens: ListLens?

  /// The items of `items`, as they are.
  public init(_ items: [DataValue]) {
    chunks = Chunked(items)
  }

  /// The items of `items`, in order.
  public init(_ items: some Sequence<DataValue>) {
    chunks = Chunked(Array(items))
  }

  /// No items.
  public init() {
    chunks = Chunked([])
  }

  /// The items `lens` reads.
  init(lens: ListLens) {
    chunks = Chunked([])
    self.lens = lens
  }

  /// The items of the literal.
  public init(arrayLiteral elements: DataValue...) {
    chunks = Chunked(elements)
  }

  /// `0`.
  public var startIndex: Int { 0 }

  /// The number of items.
  public var endIndex: Int { lens?.count ?? chunks.count }

  /// The item at `position`, which must be below `count`, as an array's.
  public subscript(position: Int) -> DataValue {
    if let lens { return lens.item(position) }
    return chunks[position]
  }

  /// An iterator over the items, in order.
  public func makeIterator() -> Iterator { Iterator(items: chunks.makeIterator(), lens: lens) }

  /// Walks a chunk's array at a time, so iterating costs what an array's does.
  public struct Iterator: IteratorProtocol {
    var items: Chunked<DataValue>.Iterator
    let lens: ListLens?
    var position = 0

    /// The next item, or `nil` after the last.
    public mutating func next() -> DataValue? {
      guard let lens else { return items.next() }
      guard position < lens.count else { return nil }
      position += 1
      return lens.item(position - 1)
    }
  }

  /// The items as one array (a copy when the list is chunked or read through a lens).
  public var array: [DataValue] {
    guard let lens else { return chunks.array }
    return (0..<lens.count).map(lens.item)
  }

  /// Appends `items` after the last item.
  ///
  /// - Complexity: O(`items` + chunks) once chunked; the append that chunks a flat list is O(n).
  public mutating func append(contentsOf items: some Collection<DataValue>) {
    if lens != nil {
      chunks = Chunked(array)
      lens = nil
    }
    chunks.append(contentsOf: items)
  }

  /// This list with `items` after its last item (see `append(contentsOf:)`).
  public static func + (lhs: DataItems, rhs: some Collection<DataValue>) -> DataItems {
    var list = lhs
    list.append(contentsOf: rhs)
    return list
  }

  /// Whether the list's first items are `prefix`'s: a list appended to is checked against
  /// the list before in O(chunks + the items of one chunk).
  public func starts(with prefix: DataItems) -> Bool {
    guard lens != nil || prefix.lens != nil else { return chunks.starts(with: prefix.chunks) }
    return count >= prefix.count && zip(self, prefix).allSatisfy { $0 == $1 }
  }

  /// Whether the two lists hold the same items, in the same order.
  public static func == (lhs: DataItems, rhs: DataItems) -> Bool {
    if let left = lhs.lens, let right = rhs.lens, left === right { return true }
    guard lhs.lens != nil || rhs.lens != nil else { return lhs.chunks == rhs.chunks }
    return lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 == $1 }
  }

  /// Hashes the items, as an array of them would be hashed, whatever the storage.
  public func hash(into hasher: inout Hasher) {
    guard lens != nil else { return chunks.hash(into: &hasher) }
    hasher.combine(count)
    for item in self { hasher.combine(item) }
  }
}

extension DataItems: CustomStringConvertible, CustomDebugStringConvertible {
  /// The items, as an array prints them.
  public var description: String { array.description }

  /// The items, as an array prints them.
  public var debugDescription: String { array.debugDescription }
}
