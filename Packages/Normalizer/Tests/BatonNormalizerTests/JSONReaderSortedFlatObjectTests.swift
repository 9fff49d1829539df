import Testing
@_spi(Development) @testable import BatonNormalizer

/// `JSONReader.isSortedFlatObject` takes only texts `parse` reads as one object of leaves,
/// and leaves every other text, valid or not, to `parse`.
@Suite struct JSONReaderSortedFlatObjectTests {
  static func isSortedFlat(_ text: String) -> Bool {
    Array(text.utf8).withUnsafeBufferPointer { JSONReader.isSortedFlatObject($0) }
  }

  @Test(arguments: [
    "{}", " { } ", #"{"id":"Issue:1"}"#, #"{"name":"apollo-ios","owner":"apollographql"}"#,
    #"{ "after" : null, "closed": false, "first" : 10 , "open": true, "ratio": -2.5e-3 }"#,
    #"{"A":1,"B":2,"_":3,"a":"caf\u00e9 \"quoted\" \ud83d\ude00 é"}"#,
  ])
  func aSortedObjectOfLeavesIsTakenAndParses(text: String) throws {
    #expect(Self.isSortedFlat(text))
    let value = try JSONReader.parse(Array(text.utf8))
    guard case .object(let members) = value else { throw Failure("\(text) is \(value.kindDescription)") }
    #expect(members.allSatisfy { !$0.value.isContainer })
  }

  @Test(arguments: [
    // Valid, but not a sorted object of leaves.
    #"{"filter":{"open":true}}"#, #"{"ids":[1,2]}"#, "[]", #""text""#, "1", "null", #"{"b":1,"a":2}"#,
    #"{"a":1,"a":2}"#, #"{"\u0061":1}"#,
    // Not JSON.
    "", "{", #"{"a":}"#, #"{"a":1,}"#, #"{"a":01}"#, #"{"a":tru}"#, #"{"a":1} x"#, #"{a:1}"#,
    "{\"a\":\"\u{1}\"}", #"{"a":"\x"}"#, #"{"a":"\ud800"}"#, #"{"a":1"b":2}"#,
  ])
  func anyOtherTextIsLeftToParse(text: String) {
    #expect(!Self.isSortedFlat(text))
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}
