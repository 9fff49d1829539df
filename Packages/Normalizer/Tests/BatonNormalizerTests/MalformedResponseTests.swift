import Testing
@_spi(Development) import BatonNormalizer

@Suite struct MalformedResponseTests {
  static let operation = query("Character", [
    object("character", "Character", arguments: [Argument("id", .literal("1"))], keys: ["Character": ["id"]], [
      scalar("id", "ID", [.nonNull]),
      scalar("name", "String", [.nonNull]),
      scalar("meta", "JSON"),
      object("origin", "Location", [.nullable], [scalar("name")]),
      object("friends", "Character", [.nonNull, .nonNull], [scalar("name")]),
    ]),
  ])

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var body: [UInt8]
    var path: String
    var message: String
    var testDescription: String { name }
  }

  static func body(_ character: String) -> String { #"{"data":{"character":\#(character)}}"# }
  static let good = #""__typename":"Character","id":"1","name":"Rick","meta":null"#
  static let origin = #""origin":{"__typename":"Location","name":"Earth"}"#
  static let friends = #""friends":[{"__typename":"Character","name":"Morty"}]"#

  static let cases: [Case] = [
    Case(name: "omitted field", body: bytes(body(#"{"__typename":"Character","id":"1","meta":null,\#(origin),\#(friends)}"#)),
         path: "data.character", message: #"omits the field "name""#),
    Case(name: "omitted field in a list item", body: bytes(body(#"{\#(good),\#(origin),"friends":[{"__typename":"Character"}]}"#)),
         path: "data.character.friends[0]", message: #"omits the field "name""#),
    Case(name: "scalar where an object is selected", body: bytes(body(#"{\#(good),"origin":"Earth",\#(friends)}"#)),
         path: "data.character.origin", message: "expected an object, found a string"),
    Case(name: "list where an object is selected", body: bytes(body(#"{\#(good),"origin":[],\#(friends)}"#)),
         path: "data.character.origin", message: "expected an object, found a list"),
    Case(name: "object where a scalar is selected", body: bytes(body(#"{"__typename":"Character","id":"1","name":{},"meta":null,\#(origin),\#(friends)}"#)),
         path: "data.character.name", message: "expected a value of type String, found an object"),
    Case(name: "list where a scalar is selected", body: bytes(body(#"{"__typename":"Character","id":["1"],"name":"R","meta":null,\#(origin),\#(friends)}"#)),
         path: "data.character.id", message: "expected a value of type ID, found a list"),
    Case(name: "object where a list is selected", body: bytes(body(#"{\#(good),\#(origin),"friends":{"__typename":"Character","name":"M"}}"#)),
         path: "data.character.friends", message: "expected a list, found an object"),
    Case(name: "scalar in a list of objects", body: bytes(body(#"{\#(good),\#(origin),"friends":[1]}"#)),
         path: "data.character.friends[0]", message: "expected an object, found a number"),
    Case(name: "root field a number", body: bytes(body("7")),
         path: "data.character", message: "expected an object, found a number"),
    Case(name: "typename not a string", body: bytes(body(#"{"__typename":1,"id":"1","name":"R","meta":null,\#(origin),\#(friends)}"#)),
         path: "data.character.__typename", message: "expected a type name, found a number"),
    Case(name: "data a string", body: bytes(#"{"data":"yes"}"#), path: "data", message: #""data" is a string"#),
    Case(name: "body a list", body: bytes("[]"), path: "the top level", message: "the body is a list, not an object"),
    Case(name: "neither data nor errors", body: bytes(#"{"extensions":{}}"#), path: "the top level", message: "neither"),
    Case(name: "unknown top-level key", body: bytes(#"{"data":null,"error":"x"}"#), path: "error", message: "unknown top-level key"),
    Case(name: "errors not a list", body: bytes(#"{"errors":{"message":"x"}}"#), path: "errors", message: "non-empty list"),
    Case(name: "error without a message", body: bytes(#"{"errors":[{"path":["a"]}]}"#), path: "errors[0]", message: "string \"message\""),
    Case(name: "error path with a fraction", body: bytes(#"{"errors":[{"message":"m","path":["a",1.5]}]}"#), path: "errors[0].path", message: "integer indices"),
    Case(name: "truncated JSON", body: bytes(#"{"data":{"character":{"__typename":"Char"#), path: "data.character.__typename", message: "ends before"),
    Case(name: "duplicate keys", body: bytes(body(#"{\#(good),"name":"Morty",\#(origin),\#(friends)}"#)),
         path: "data.character.name", message: #"the key "name" appears twice"#),
    Case(name: "10,000-deep nested arrays as the body", body: bytes(String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)),
         path: "[0][0]", message: "nested deeper than \(NestingLimit.responseJSON) levels"),
    Case(name: "10,000-deep nested arrays in a custom scalar",
         body: bytes(body(#"{"__typename":"Character","id":"1","name":"R","meta":\#(String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000))}"#)),
         path: "data.character.meta[0]", message: "nested deeper than \(NestingLimit.responseJSON) levels"),
  ]

  static let stored: RecordSource = {
    var source = RecordSource()
    _ = try? source.commit(response: bytes(body(#"{\#(good),\#(origin),\#(friends)}"#)), for: operation)
    return source
  }()

  @Test func theBaselineResponseIsWellFormed() {
    #expect(Self.stored.count == 4)
  }

  @Test(arguments: cases)
  func failsNamingThePathAndChangesNothing(_ malformed: Case) {
    var source = Self.stored
    #expect {
      try source.commit(response: malformed.body, for: Self.operation)
    } throws: { error in
      let description = String(describing: error)
      return description.hasPrefix("Malformed response") && description.contains(malformed.path)
        && description.contains(malformed.message)
    }
    #expect(source == Self.stored)
  }

  @Test func a50MegabyteStringWhereAnObjectIsSelectedFailsNamingThePath() {
    let head = Array(#"{"data":{"character":{\#(Self.good),\#(Self.friends),"origin":""#.utf8)
    let tail = Array(#""}}}"#.utf8)
    var text = [UInt8](repeating: UInt8(ascii: "a"), count: head.count + 50_000_000 + tail.count)
    text.replaceSubrange(0..<head.count, with: head)
    text.replaceSubrange((text.count - tail.count)..., with: tail)
    var source = Self.stored
    #expect {
      try source.commit(response: text, for: Self.operation)
    } throws: { error in
      (error as? NormalizeError)?.path == [.key("data"), .key("character"), .key("origin")]
    }
    #expect(source == Self.stored)
  }

  @Test func a50MegabyteStringScalarIsStored() throws {
    let head = Array(#"{"data":{"character":{\#(Self.origin),\#(Self.friends),"__typename":"Character","id":"1","meta":null,"name":""#.utf8)
    let tail = Array(#""}}}"#.utf8)
    var text = [UInt8](repeating: UInt8(ascii: "a"), count: head.count + 50_000_000 + tail.count)
    text.replaceSubrange(0..<head.count, with: head)
    text.replaceSubrange((text.count - tail.count)..., with: tail)
    let records = try normalize(response: text, for: Self.operation).records
    guard case .scalar(.string(let name))? = records["Character:1"]?["name"]?.value else {
      Issue.record("the name was not stored as a string")
      return
    }
    #expect(name.utf8.count == 50_000_000)
  }
}
