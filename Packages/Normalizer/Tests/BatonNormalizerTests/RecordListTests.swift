import BatonNormalizer
import Testing

/// A `RecordList` reads as the array of its items whatever its storage: a long list
/// appended to page by page (stored in chunks) holds, compares, hashes and iterates as the
/// same items in one array do.
@Suite struct RecordListTests {
  static func links(_ range: Range<Int>) -> [RecordValue] {
    range.map { .link(RecordID("Item:\($0)")) }
  }

  /// `count` items appended `page` at a time after `start` items.
  static func appended(start: Int, page: Int, count: Int) -> RecordList {
    var list = RecordList(links(0..<start))
    var next = start
    while next < count {
      let end = min(next + page, count)
      list.append(contentsOf: links(next..<end))
      next = end
    }
    return list
  }

  @Test(arguments: [(0, 1), (0, 50), (100, 50), (0, 128), (10, 300), (200, 129)])
  func pagesAppendedReadAsOneArray(start: Int, page: Int) {
    let list = Self.appended(start: start, page: page, count: 700)
    let array = Self.links(0..<700)
    #expect(list.count == 700)
    #expect(Array(list) == array)
    #expect(list.array == array)
    #expect(list.indices.allSatisfy { list[$0] == array[$0] })
    #expect(list == RecordList(array))
    #expect(list.hashValue == RecordList(array).hashValue)
    #expect(String(describing: list) == String(describing: array))
  }

  @Test func listsThatDifferInOneItemOrInLengthDiffer() {
    let list = Self.appended(start: 0, page: 50, count: 400)
    var changed = Self.links(0..<400)
    changed[3] = .null
    #expect(list != RecordList(changed))
    #expect(list != Self.appended(start: 0, page: 50, count: 399))
    #expect(list != Self.appended(start: 0, page: 50, count: 401))
  }

  @Test func aListStartsWithTheListItWasAppendedTo() {
    let before = Self.appended(start: 0, page: 50, count: 350)
    let after = before + Self.links(350..<400)
    #expect(after.starts(with: before))
    #expect(after.starts(with: RecordList(Self.links(0..<350))))
    #expect(RecordList(Self.links(0..<400)).starts(with: before))
    #expect(!before.starts(with: after))
    #expect(after.starts(with: RecordList()))
  }

  /// Lists with the same chunk layout but an item changed in a full chunk or in the last
  /// one: the chunks are compared by value when they are not shared.
  @Test(arguments: [3, 200, 345])
  func aListWithAnItemChangedDoesNotStartWithTheOther(changedAt position: Int) {
    let before = Self.appended(start: 0, page: 50, count: 350)
    var items = Self.links(0..<400)
    items[position] = .link("Item:other")
    var other = RecordList(Array(items[..<300]))
    other.append(contentsOf: items[300...])
    #expect(!other.starts(with: before))
    #expect(other != before + Self.links(350..<400))
  }

  /// The read's lists are stored the same way: appended pages read as one array.
  @Test func readItemsAppendedReadAsOneArray() {
    let array = (0..<500).map { DataValue.scalar(.number(String($0))) }
    var items = DataItems(Array(array[..<100]))
    for start in stride(from: 100, to: 500, by: 50) { items.append(contentsOf: array[start..<start + 50]) }
    let value = DataValue.list(items)
    #expect(value == .list(array))
    #expect(value.hashValue == DataValue.list(array).hashValue)
    #expect(value.listValue.map(Array.init) == array)
    #expect(items.starts(with: DataItems(Array(array[..<450]))))
    #expect(!items.starts(with: DataItems(Array(array[1..<300]))))
  }

  @Test func listsOfListsNestAndPrintAsArrays() {
    let nested = RecordValue.list([.list([.null, .scalar(.string("a"))]), .link("Item:1")])
    guard case .list(let items) = nested, case .list(let inner) = items[0] else {
      Issue.record("not a list of lists: \(nested)")
      return
    }
    #expect(inner.count == 2)
    #expect(nested.links == ["Item:1"])
  }
}
