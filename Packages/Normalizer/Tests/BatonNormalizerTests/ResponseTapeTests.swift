import Testing
@_spi(Development) import BatonNormalizer

/// The normalizer walks a response's tokens, not a tree: the same records whatever order
/// the members come in, keys and strings with escapes read as their text, and the reader's
/// rules for what it refuses.
@Suite struct ResponseTapeTests {
  static let operation = query("Character", [
    object("character", "Character", arguments: [Argument("id", .literal("1"))], keys: ["Character": ["id"]], [
      scalar("id", "ID", [.nonNull]),
      scalar("name", "String"),
      scalar("meta", "JSON"),
    ]),
  ])

  static let data = #""data":{"character":{"__typename":"Character","id":"1","name":null,"meta":{"a":[1,2.50,"x"]}}}"#
  static let errors = #""errors":[{"message":"no name","path":["character","name"],"extensions":{"code":"E"}}]"#

  @Test func errorsBeforeDataLandBesideTheirFieldsAsAfterIt() throws {
    let after = try normalize(response: bytes("{\(Self.data),\(Self.errors)}"), for: Self.operation)
    let before = try normalize(response: bytes("{\(Self.errors),\(Self.data)}"), for: Self.operation)
    #expect(before == after)
    #expect(before.records["Character:1"]?["name"] == RecordField(.null, errors: [
      FieldError(message: "no name", extensions: ["code": "E"]),
    ]))
    #expect(before.operationErrors.isEmpty)
    #expect(before.records["Character:1"]?["meta"]?.value == .scalar(["a": [1, .number("2.50"), "x"]]))
  }

  @Test func theBytesAndTheParsedValueNormalizeAlike() throws {
    let text = bytes("{\(Self.errors),\(Self.data),\"extensions\":{\"cost\":[1,{\"b\":null}]}}")
    let fromBytes = try normalize(response: text, for: Self.operation)
    let fromValue = try normalize(response: JSONReader.parse(text), for: Self.operation)
    #expect(fromBytes == fromValue)
    #expect(fromBytes.extensions == ["cost": [1, ["b": nil]]])
  }

  @Test func escapedKeysAndStringsReadAsTheirText() throws {
    let response = #"{"d\u0061ta":{"character":{"__typename":"Char\u0061cter","i\u0064":"\u00e9\"1","name":"Ren\u00e9 ☃","meta":"\ud83d\ude00"}}}"#
    let payload = try normalize(response: bytes(response), for: Self.operation)
    let record = try #require(payload.records[#"Character:é"1"#])
    #expect(record.typename == "Character")
    #expect(record["name"]?.value == .scalar("René ☃"))
    #expect(record["meta"]?.value == .scalar("😀"))
  }

  @Test(arguments: [
    #"{"data":{"character":{"__typename":"Character","id":"1","name":"R","n\u0061me":"S","meta":null}}}"#,
    #"{"data":{"character":{"__typename":"Character","id":"1","name":"R","meta":null}},"d\u0061ta":null}"#,
  ])
  func keysEqualOnceUnescapedAreDuplicates(_ response: String) {
    #expect {
      try normalize(response: bytes(response), for: Self.operation)
    } throws: { error in
      guard case .invalidJSON(let reason)? = (error as? NormalizeError)?.kind else { return false }
      if case .duplicateKey = reason.kind { return true }
      return false
    }
  }

  @Test func keysOfOneLengthAndTheSameEndsAreNotDuplicates() throws {
    let response = #"{"data":{"character":{"__typename":"Character","id":"1","name":"R","meta":{"abc":1,"axc":2,"a\u0062c":3}}}}"#
    #expect(throws: NormalizeError.self) { try normalize(response: bytes(response), for: Self.operation) }
    let distinct = #"{"data":{"character":{"__typename":"Character","id":"1","name":"R","meta":{"abc":1,"axc":2,"ayc":3}}}}"#
    let record = try #require(try normalize(response: bytes(distinct), for: Self.operation).records["Character:1"])
    #expect(record["meta"]?.value == .scalar(.object([JSONMember("abc", 1), JSONMember("axc", 2), JSONMember("ayc", 3)])))
  }

  @Test func duplicateKeysInALargeObjectAreRefused() {
    let members = (0..<20).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
    let response = #"{"data":{"character":{"__typename":"Character","id":"1","name":"R","meta":{\#(members),"k3":0}}}}"#
    #expect(throws: NormalizeError.self) { try normalize(response: bytes(response), for: Self.operation) }
  }

  @Test func invalidUTF8InAnUnselectedStringFailsTheResponse() {
    var text = bytes(#"{"data":{"character":{"__typename":"Character","id":"1","name":"R","meta":null,"other":"..."}}}"#)
    let index = text.firstIndex(of: UInt8(ascii: ".")) ?? 0
    text[index] = 0xFF
    #expect {
      try normalize(response: text, for: Self.operation)
    } throws: { error in
      guard case .invalidJSON(let reason)? = (error as? NormalizeError)?.kind else { return false }
      return reason.kind == .invalidUTF8
    }
  }

  @Test func anErrorMayHoldMembersNestedDeeperThanAValueItKeeps() throws {
    let deep = String(repeating: "[", count: 1_000) + String(repeating: "]", count: 1_000)
    let kept = #"{"errors":[{"message":"m","locations":\#(deep)}]}"#
    let payload = try normalize(response: bytes(kept), for: Self.operation)
    #expect(payload.operationErrors == [FieldError(message: "m")])
    let refused = #"{"errors":[{"message":"m","extensions":{"x":\#(deep)}}]}"#
    #expect {
      try normalize(response: bytes(refused), for: Self.operation)
    } throws: { error in
      (error as? NormalizeError)?.path == [.key("errors"), .index(0), .key("extensions")]
    }
  }
}
