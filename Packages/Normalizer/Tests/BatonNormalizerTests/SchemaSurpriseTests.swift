import Testing
@_spi(Development) import BatonNormalizer

/// Values the schema rules out but the store can hold (ARCHITECTURE.md §3): a `__typename` that is
/// not one of the field's possible types, a `Float` too large for a `Double`. Each is
/// stored as it came, and reading it logs `unexpected`.
@Suite struct SchemaSurpriseTests {
  static let owner = ReadOwner.operation("Q")

  static func unexpectedFields(_ result: ReadResult) -> [String?] {
    result.events.filter { if case .unexpected = $0.kind { true } else { false } }.map(\.field)
  }

  /// `origin: Location` (an object type), `node: Node` (an interface) and `hit: Hit` (a
  /// union), each answered with a type the field cannot hold, beside one that it can.
  static let operation = query("Q", [
    object("origin", "Location", [.nullable], [scalar("name")]),
    object("node", "Node", [.nonNull], kind: .interface, possibleTypes: ["Character", "Location"], [scalar("id", "ID", [.nonNull])]),
    object("hits", "Hit", [.nonNull, .nonNull], kind: .union, possibleTypes: ["Character", "Episode"], [
      on("Character", [scalar("name")]),
    ]),
  ])

  /// Under an object type, another type reads as the zero value. Under an interface or a
  /// union, a type outside the possible types (most likely one the server's schema gained
  /// since the client's was generated) reads as itself: its `__typename` and the fields
  /// selected on the abstract type kept, no type condition matched.
  @Test func aTypenameOutsideTheFieldsPossibleTypesIsReported() throws {
    let body = bytes(#"""
      {"data":{"origin":{"__typename":"Planet","name":"Earth"},
        "node":{"__typename":"Alien","id":"a1"},
        "hits":[{"__typename":"Character","name":"Rick"},{"__typename":"Location","name":"Earth"}]}}
      """#)
    var source = RecordSource()
    try source.commit(response: body, for: Self.operation)
    #expect(source["client:root:origin"]?.typename == "Planet")
    #expect(source["client:root:origin"]?["name"]?.value == .scalar("Earth"))
    #expect(source["client:root:node"]?.typename == "Alien")
    #expect(source["client:root:hits:1"]?.typename == "Location")

    let result = read(source, operation: Self.operation)
    #expect(Self.unexpectedFields(result) == ["origin", "node", "hits"])
    #expect(result.events.count == 3)
    let fields = try #require(result.data?.fields)
    #expect(fields[0].objectValue?.id == RecordID("client:placeholder:Location"))
    #expect(result.events.first?.kind == .unexpected(expected: "an object of type Location", found: "an object of type Planet"))

    let node = try #require(fields[1].objectValue)
    #expect(node.id == "client:root:node")
    #expect(node.typename == "Alien")
    #expect(node.fields == [.scalar("Alien"), .scalar("a1")])
    #expect(result.events[1].kind == .unexpected(
      expected: "an object of one of the types of Node the client knows", found: "an object of type Alien"))

    let hits = try #require(fields[2].listValue)
    #expect(hits.count == 2)
    #expect(hits[0].objectValue?.id == "client:root:hits:0")
    #expect(hits[0].objectValue?.fields == [.scalar("Character"), .scalar("Rick")])
    let location = try #require(hits[1].objectValue)
    #expect(location.id == "client:root:hits:1")
    #expect(location.typename == "Location")
    #expect(location.fields == [.scalar("Location"), .absent])
  }

  @Test func possibleTypesCountOnlyWhereTheFieldNamesThem() throws {
    let unnamed = query("Q", [object("node", "Node", [.nonNull], kind: .interface, [scalar("id", "ID", [.nonNull])])])
    var source = RecordSource()
    try source.commit(response: bytes(#"{"data":{"node":{"__typename":"Alien","id":"a1"}}}"#), for: unnamed)
    let result = read(source, operation: unnamed)
    #expect(result.events.isEmpty)
    #expect(result.data?.fields.first?.objectValue?.id == "client:root:node")
  }

  /// JSON allows any number of digits; a `Double` does not. Overflowing to ±infinity is a
  /// surprise; the smallest and largest finite values, and an underflow to zero, are not.
  @Test(arguments: [
    FloatLiteral("1e400", fits: false), FloatLiteral("-1e400", fits: false),
    FloatLiteral("1" + String(repeating: "0", count: 100_000), fits: false),
    FloatLiteral("-" + String(repeating: "9", count: 100_000) + ".5", fits: false),
    FloatLiteral("1.7976931348623157e308", fits: true), FloatLiteral("-4.9e-324", fits: true),
    FloatLiteral("1e-400", fits: true), FloatLiteral("2.5", fits: true),
  ])
  func aFloatThatOverflowsADoubleReadsAsZero(_ case: FloatLiteral) throws {
    let (literal, fits) = (`case`.literal, `case`.fits)
    let operation = query("Q", [scalar("rating", "Float", [.nonNull]), scalar("scores", "Float", [.nullable, .nullable])])
    var source = RecordSource()
    try source.commit(response: bytes(#"{"data":{"rating":\#(literal),"scores":[1.5,\#(literal)]}}"#), for: operation)
    #expect(source[.root]?["rating"]?.value == .scalar(.number(literal)))
    let result = read(source, operation: operation)
    let fields = try #require(result.data?.fields)
    if fits {
      #expect(result.events.isEmpty)
      #expect(fields[0] == .scalar(.number(literal)))
    } else {
      #expect(Self.unexpectedFields(result) == ["rating", "scores"])
      #expect(result.events.first?.kind == .unexpected(expected: "a value of type Float", found: "a number out of range"))
      #expect(fields[0].doubleValue == 0)
      #expect(fields[1].listValue?.map(\.doubleValue) == [1.5, 0])
    }
  }
}

/// A `Float` literal of a response, named in test output by its length rather than its digits.
struct FloatLiteral: Sendable, CustomTestStringConvertible {
  let literal: String
  let fits: Bool

  init(_ literal: String, fits: Bool) {
    self.literal = literal
    self.fits = fits
  }

  var testDescription: String { literal.count > 30 ? "\(literal.prefix(8))… (\(literal.count) characters)" : literal }
}
