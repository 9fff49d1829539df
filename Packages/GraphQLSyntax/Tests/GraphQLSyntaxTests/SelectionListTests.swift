import Testing

@testable import GraphQLSyntax

/// A parse stores the selections of every set at one depth as runs in shared chunks; a
/// run that outgrows its chunk moves. The lists must still read, compare and change as
/// arrays do.
@Suite("Selection lists: parsed runs behave as arrays")
struct SelectionListTests {
  /// The response keys of a set's fields, with nested sets in braces: `a b{c d}`.
  private func outline(_ set: SelectionSet) -> String {
    set.selections.map { selection in
      switch selection {
      case .field(let field):
        field.responseKey + (field.selectionSet.map { "{" + outline($0) + "}" } ?? "")
      case .fragmentSpread(let spread):
        "..." + spread.name.value
      case .inlineFragment(let fragment):
        "...{" + outline(fragment.selectionSet) + "}"
      }
    }.joined(separator: " ")
  }

  private func operation(_ text: String) throws -> OperationDefinition {
    guard case .operation(let operation) = try parse(Source(text)).definitions.first else {
      throw SyntaxError(Source(text), 0, "not an operation")
    }
    return operation
  }

  @Test(
    "Sets of every size keep their selections in order, beside their neighbours at the same depth",
    arguments: [0, 1, 15, 16, 17, 40, 1_100])
  func setsOfEverySize(size: Int) throws {
    // The large set comes between small ones at its depth: it outgrows the chunk it
    // starts in and moves, and the sets before and after it must not notice.
    let large = (0..<size).map { "f\($0)" }
    let text = "{ a { x y } b { \(large.joined(separator: " ")) } c { z ... on T { w } } d }"
    let parsed = outline(try operation(text).selectionSet)
    let largeOutline = size == 0 ? "b{}" : "b{" + large.joined(separator: " ") + "}"
    #expect(parsed == "a{x y} \(largeOutline) c{z ...{w}} d")
  }

  @Test("Selection sets nested deeper than the parser's first writers parse whole")
  func deepNesting() throws {
    let depth = 40
    let text = String(repeating: "{ a ", count: depth) + String(repeating: "b } ", count: depth)
    var set = try operation(text).selectionSet
    var levels = 0
    while case .field(let first) = set.selections.first, let inner = first.selectionSet {
      #expect(set.selections.count == 2)
      set = inner
      levels += 1
    }
    #expect(levels == depth - 1)
    #expect(outline(set) == "a b")
  }

  @Test("A parsed list equals and hashes as the same list built from an array")
  func equality() throws {
    let options = ParseOptions(noLocation: true)
    let document = try parse(Source("{ a ...F b }"), options: options)
    guard case .operation(let operation) = document.definitions.first else {
      Issue.record("Not an operation")
      return
    }
    let built: SelectionList = [
      .field(Field(name: Name("a"))), .fragmentSpread(FragmentSpread(name: Name("F"))),
      .field(Field(name: Name("b"))),
    ]
    #expect(operation.selectionSet.selections == built)
    #expect(operation.selectionSet.selections.hashValue == built.hashValue)
    #expect(operation.selectionSet.selections.array == built.array)
    #expect(SelectionList() == [])
  }

  @Test("Changing a copy of a parsed list leaves the original and the sets beside it alone")
  func copyOnWrite() throws {
    let parsed = try operation("{ a { x y } b { z } }")
    var changed = parsed.selectionSet.selections
    guard case .field(var first) = changed[0], var inner = first.selectionSet else {
      Issue.record("Not a field with a selection set")
      return
    }
    inner.selections.append(.field(Field(name: Name("added"))))
    inner.selections.remove(at: 0)
    first.selectionSet = inner
    changed[0] = .field(first)
    changed.insert(.field(Field(name: Name("front"))), at: 0)
    #expect(outline(SelectionSet(selections: changed)) == "front a{y added} b{z}")
    #expect(outline(parsed.selectionSet) == "a{x y} b{z}")
  }
}
