import Testing

@testable import GraphQLSyntax

/// Parsed fields share chunks and parsed string literals decode on read; both must still
/// behave as plain values, equal to the same nodes built in code.
@Suite("AST storage: parsed nodes are plain values")
struct ASTStorageTests {
  @Test("Changing a copy of a parsed field leaves the original and its neighbours alone")
  func fieldCopyOnWrite() throws {
    let document = try parse(Source("{ a b(x: 1) { c } d }"))
    guard case .operation(let operation) = document.definitions.first else {
      Issue.record("Not an operation")
      return
    }
    let selections = operation.selectionSet.selections
    guard case .field(let original) = selections[1] else {
      Issue.record("Not a field")
      return
    }
    var changed = original
    changed.name = Name("renamed")
    changed.selectionSet = nil
    #expect(changed.name.value == "renamed")
    #expect(changed.selectionSet == nil)
    #expect(changed.arguments == original.arguments)
    #expect(original.name.value == "b")
    #expect(original.selectionSet?.selections.count == 1)
    #expect(changed != original)
    let names = selections.compactMap { selection -> String? in
      guard case .field(let field) = selection else { return nil }
      return field.name.value
    }
    #expect(names == ["a", "b", "d"])
  }

  @Test("A parsed field equals and hashes as the same field built in code")
  func fieldEquality() throws {
    let options = ParseOptions(noLocation: true)
    let document = try parse(Source("{ alias: f(x: 1) @d { g } }"), options: options)
    guard case .operation(let operation) = document.definitions.first,
      case .field(let parsed) = operation.selectionSet.selections.first
    else {
      Issue.record("Not a field")
      return
    }
    let built = Field(
      alias: Name("alias"), name: Name("f"),
      arguments: [Argument(name: Name("x"), value: .int(IntValue("1")))],
      directives: [Directive(name: Name("d"))],
      selectionSet: SelectionSet(selections: [.field(Field(name: Name("g")))]))
    #expect(parsed == built)
    #expect(parsed.hashValue == built.hashValue)
    #expect(parsed.responseKey == "alias")
  }

  @Test(
    "A parsed string literal reads as its decoded value and equals the literal built in code",
    arguments: [
      (#""a\nb\u00E9\u{1F600}\uD83D\uDE00""#, "a\nb\u{E9}\u{1F600}\u{1F600}", false),
      ("\"\"\"\n    first\n      second\n    \\\"\"\"\n\"\"\"", "first\n  second\n\"\"\"", true),
      (#""""#, "", false),
    ])
  func stringValue(literal: String, value: String, block: Bool) throws {
    let parsed = try parseConstValue(Source(literal), options: ParseOptions(noLocation: true))
    guard case .string(let string) = parsed else {
      Issue.record("Not a string")
      return
    }
    #expect(string.value == value)
    #expect(string.block == block)
    #expect(string == StringValue(value, block: block))
    #expect(string.hashValue == StringValue(value, block: block).hashValue)
    var changed = string
    changed.value = "other"
    #expect(changed.value == "other")
    #expect(string.value == value)
  }

  @Test("A description keeps its value after the document's source is gone")
  func descriptionOutlivesSource() throws {
    let document = try parse(Source("\"\"\"\n  Described.\n\"\"\"\ntype T { f: Int }"))
    guard case .objectType(let type) = document.definitions.first else {
      Issue.record("Not an object type")
      return
    }
    #expect(type.description?.value == "Described.")
  }

  @Test("Names and fields store a missing location without an optional, and read it back as nil")
  func missingLocations() throws {
    var name = Name("a")
    #expect(name.loc == nil)
    name.loc = Location(start: 3, end: 4)
    #expect(name.loc == Location(start: 3, end: 4))
    name.loc = nil
    #expect(name == Name("a") && name.hashValue == Name("a").hashValue)
    #expect(Name("a", loc: Location(start: 0, end: 0)) != Name("a"))

    var field = Field(name: Name("f"))
    #expect(field.loc == nil)
    field.loc = Location(start: 1, end: 9)
    #expect(field.loc == Location(start: 1, end: 9))
    let parsed = try parse(Source("{ f { g } h }"))
    guard case .operation(let operation) = parsed.definitions.first,
      case .field(let f) = operation.selectionSet.selections.first
    else {
      Issue.record("Not a field")
      return
    }
    #expect(f.loc == Location(start: 2, end: 9))
    #expect(f.name.loc == Location(start: 2, end: 3))
  }

  @Test("A field's alias and directives, kept apart from its other parts, change like any property")
  func aliasAndDirectives() throws {
    let document = try parse(
      Source("{ a: f @d @e b: g h @d }"), options: ParseOptions(noLocation: true))
    guard case .operation(let operation) = document.definitions.first else {
      Issue.record("Not an operation")
      return
    }
    let fields = operation.selectionSet.selections.compactMap { selection -> Field? in
      guard case .field(let field) = selection else { return nil }
      return field
    }
    #expect(fields.map(\.alias?.value) == ["a", "b", nil])
    #expect(fields.map { $0.directives.map(\.name.value) } == [["d", "e"], [], ["d"]])
    #expect(fields.map(\.responseKey) == ["a", "b", "h"])

    // Removing both leaves a field equal, and hashing equal, to one built without them.
    var plain = fields[0]
    plain.alias = nil
    #expect(plain.directives.count == 2)
    plain.directives = []
    #expect(plain == Field(name: Name("f")))
    #expect(plain.hashValue == Field(name: Name("f")).hashValue)
    #expect(fields[0].alias?.value == "a" && fields[0].directives.count == 2)

    var aliased = fields[2]
    aliased.alias = Name("k")
    #expect(aliased.directives == fields[2].directives)
    #expect(aliased.responseKey == "k")
    #expect(aliased != fields[2])
    aliased.alias = nil
    #expect(aliased == fields[2] && aliased.hashValue == fields[2].hashValue)
  }

  @Test("A selection set stores a missing location without an optional")
  func selectionSetLocation() throws {
    var set = SelectionSet(selections: [])
    #expect(set.loc == nil)
    set.loc = Location(start: 0, end: 2)
    #expect(set.loc == Location(start: 0, end: 2))
    #expect(set != SelectionSet(selections: []))
    set.loc = nil
    #expect(set == SelectionSet(selections: []))
    #expect(set.hashValue == SelectionSet(selections: []).hashValue)
  }
}
