/// The storage of `RecordList` and `DataItems`: one array while short, chunks of a fixed
/// size once appended to past that, so that appending to a long list shares the chunks
/// already there. A new list after an append costs its new items, a copy of its last chunk
/// when that is shared, and one pointer per chunk; the old list's release costs the same,
/// not a release of every item.
struct Chunked<Element: Hashable & Sendable>: Sendable {
  enum Storage: Sendable {
    case flat([Element])
    /// Every chunk but the last holds `chunkSize` items, the last 1...`chunkSize`.
    case chunked([[Element]])
  }

  static var chunkShift: Int { 7 }
  static var chunkSize: Int { 1 << chunkShift }

  private(set) var storage: Storage

  init(_ items: [Element]) {
    storage = .flat(items)
  }

  var count: Int {
    switch storage {
    case .flat(let items): items.count
    case .chunked(let chunks): (chunks.count - 1) << Self.chunkShift + (chunks.last?.count ?? 0)
    }
  }

  subscript(position: Int) -> Element {
    switch storage {
    case .flat(let items): items[position]
    case .chunked(let chunks): chunks[position >> Self.chunkShift][position & (Self.chunkSize - 1)]
    }
  }

  func makeIterator() -> Iterator {
    switch storage {
    case .flat(let items): Iterator(current: items.makeIterator(), rest: nil)
    case .chunked(let chunks): Iterator(current: [].makeIterator(), rest: chunks.makeIterator())
    }
  }

  /// Walks a chunk's array at a time, so iterating costs what an array's does.
  struct Iterator {
    var current: IndexingIterator<[Element]>
    var rest: IndexingIterator<[[Element]]>?

    mutating func next() -> Element? {
      if let item = current.next() { return item }
      guard let chunk = rest?.next() else { return nil }
      current = chunk.makeIterator()
      return current.next()
    }
  }

  var array: [Element] {
    switch storage {
    case .flat(let items): items
    case .chunked(let chunks): Array(chunks.joined())
    }
  }

  /// Past `chunkSize` items a flat list is chunked (the one append that costs O(n)).
  mutating func append(contentsOf items: some Collection<Element>) {
    guard !items.isEmpty else { return }
    switch storage {
    case .flat(var flat):
      storage = .flat([])
      if flat.count + items.count <= Self.chunkSize {
        flat.append(contentsOf: items)
        storage = .flat(flat)
      } else {
        var chunks: [[Element]] = []
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
  private static func append(_ items: some Collection<Element>, to chunks: inout [[Element]]) {
    var start = items.startIndex
    if var last = chunks.popLast() {
      let end = items.index(start, offsetBy: chunkSize - last.count, limitedBy: items.endIndex) ?? items.endIndex
      last.append(contentsOf: items[start..<end])
      chunks.append(last)
      start = end
    }
    while start != items.endIndex {
      let end = items.index(start, offsetBy: chunkSize, limitedBy: items.endIndex) ?? items.endIndex
      var chunk: [Element] = []
      chunk.reserveCapacity(chunkSize)
      chunk.append(contentsOf: items[start..<end])
      chunks.append(chunk)
      start = end
    }
  }

  /// Chunks the two lists share compare by identity.
  func starts(with prefix: Chunked) -> Bool {
    guard count >= prefix.count else { return false }
    if case .chunked(let chunks) = storage, case .chunked(let prefixChunks) = prefix.storage {
      let full = prefixChunks.count - 1
      for index in 0..<full where chunks[index] != prefixChunks[index] { return false }
      return chunks[full].starts(with: prefixChunks[full])
    }
    return itemsStart(with: prefix)
  }

  private func itemsStart(with prefix: Chunked) -> Bool {
    var mine = makeIterator()
    var theirs = prefix.makeIterator()
    while let item = theirs.next() {
      guard let other = mine.next(), other == item else { return false }
    }
    return true
  }

  static func == (lhs: Chunked, rhs: Chunked) -> Bool {
    switch (lhs.storage, rhs.storage) {
    case (.flat(let left), .flat(let right)): left == right
    case (.chunked(let left), .chunked(let right)): left == right
    default: lhs.count == rhs.count && lhs.itemsStart(with: rhs)
    }
  }

  /// As an array of the items hashes, whatever the storage.
  func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    var items = makeIterator()
    while let item = items.next() { hasher.combine(item) }
  }
}
