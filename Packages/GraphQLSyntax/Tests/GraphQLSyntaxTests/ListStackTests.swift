import Testing

@testable import GraphQLSyntax

/// A parse pushes the elements of its open lists onto one stack of raw bytes, whatever
/// their type, and pops each list into an array when it closes.
@Suite("List stack: nested lists of any type, moved into arrays")
struct ListStackTests {
  /// Three 4-byte words: a stride (12) that is not a multiple of the stack's alignment.
  struct Triple: Equatable {
    var a: UInt32, b: UInt32, c: UInt32
  }

  /// Counts its instances' deinitializations in a shared box.
  final class Tracked {
    let deaths: Counter
    init(_ deaths: Counter) { self.deaths = deaths }
    deinit { deaths.value += 1 }
  }

  final class Counter {
    var value = 0
  }

  @Test("Lists nested three deep, of different types, come back whole and in order")
  func nestedLists() {
    var stack = ListStack()
    defer { stack.close() }
    var outer: [[[String]]] = []
    for group in 0..<5 {
      let groupMark = stack.top
      var inner: [[String]] = []
      for item in 0..<40 {
        let itemMark = stack.top
        // Heap strings, so that a lost or doubled reference would show.
        let names = (0..<(item % 9)).map { "long enough for the heap: \(group) \(item) \($0)" }
        for name in names {
          stack.push(String.self).initialize(to: name)
        }
        let popped = stack.pop(String.self, from: itemMark)
        #expect(popped == names)
        stack.push(Triple.self).initialize(
          to: Triple(a: UInt32(group), b: UInt32(item), c: UInt32(names.count)))
        inner.append(popped)
      }
      let triples = stack.pop(Triple.self, from: groupMark)
      #expect(triples.count == 40)
      #expect(triples.map(\.b) == Array(0..<40))
      #expect(triples.map(\.c) == inner.map { UInt32($0.count) })
      outer.append(inner)
    }
    #expect(stack.top == 0)
    #expect(outer.count == 5 && outer[4][39].count == 39 % 9)
  }

  @Test("Elements are moved, never copied: each is freed once, with its array")
  func elementsMove() {
    let deaths = Counter()
    var stack = ListStack()
    defer { stack.close() }
    // 3,000 references (24 KB) grow the stack from its first 4 KB several times.
    for _ in 0..<3_000 {
      stack.push(Tracked.self).initialize(to: Tracked(deaths))
    }
    var popped = stack.pop(Tracked.self, from: 0)
    #expect(popped.count == 3_000 && deaths.value == 0)
    // Moved, each element's only reference is the array's.
    #expect(popped.indices.allSatisfy { isKnownUniquelyReferenced(&popped[$0]) })
    popped = []
    #expect(deaths.value == 3_000)
  }

  @Test("An empty list pops as an empty array")
  func emptyList() {
    var stack = ListStack()
    defer { stack.close() }
    stack.push(Int.self).initialize(to: 7)
    #expect(stack.pop(String.self, from: stack.top).isEmpty)
    #expect(stack.pop(Int.self, from: 0) == [7])
  }

  @Test(
    "A syntax error inside nested lists gives graphql-core's message and place",
    arguments: [
      RejectedSource(
        "type A { f(a: Int, b: ): Int }", "Syntax Error: Expected Name, found ')'.", 1, 23),
      RejectedSource(
        "type A implements B & { f: Int }", "Syntax Error: Expected Name, found '{'.", 1, 23),
      RejectedSource("query { a(x: [1, {y: [2, }]) }", "Syntax Error: Unexpected '}'.", 1, 26),
      RejectedSource("enum E { A B C", "Syntax Error: Expected Name, found <EOF>.", 1, 15),
    ])
  func errorInsideLists(_ rejected: RejectedSource) {
    expectRejected(rejected)
  }
}
