@_spi(Development) import BatonNormalizer
@testable import BatonStore
import Testing

@Suite struct OperationImageTests {
  @Test func keyIsTheSameWhateverTheVariablesOrder() {
    let first = OperationImage(operationID: "abc", name: "Q", variables: ["id": "1", "page": 2])
    let second = OperationImage(operationID: "abc", name: "Q", variables: ["page": 2, "id": "1"])
    #expect(first.key == second.key)
    #expect(first.key != OperationImage(operationID: "abc", name: "Q", variables: ["id": "2", "page": 2]).key)
  }

  /// The key is the operation id and the variables as canonical JSON: sorted keys at every
  /// level, strings escaped; made once and kept, it changes with the variables.
  @Test func keyIsTheCanonicalJSONOfTheVariablesAndFollowsThem() {
    let variables: [String: JSONValue] = [
      "where": .object([JSONMember("z", .number("1")), JSONMember("a", .array([.string("q\"uote"), .null]))]),
      "after": .string("line\nbreak"), "first": .number("10"),
    ]
    var operation = OperationImage(operationID: "abc", name: "Q", variables: variables)
    let expected = #"abc:{"after":"line\nbreak","first":10,"where":{"a":["q\"uote",null],"z":1}}"#
    #expect(operation.key == expected)
    #expect(operation.key == "abc:" + JSONWriter.string(.object(variables.map { JSONMember($0.key, $0.value) }), sortedKeys: true))
    #expect(operation.rememberKey() == expected)
    #expect(operation == OperationImage(operationID: "abc", name: "Q", variables: variables))
    operation.variables["first"] = .number("20")
    #expect(operation.key == #"abc:{"after":"line\nbreak","first":20,"where":{"a":["q\"uote",null],"z":1}}"#)
    #expect(OperationImage(operationID: "abc", name: "Q").key == "abc:{}")
  }

  /// Variables held in the key (what an image's open takes) read as the key's text says,
  /// compare and hash as the same variables held apart, and outlive a change of id.
  @Test func variablesHeldInTheKeyReadCompareAndOutliveTheKey() {
    let variables: [String: JSONValue] = ["after": .null, "first": .number("10"), "term": .string("baton")]
    let apart = OperationImage(operationID: "abc", name: "Q", variables: variables)
    var held = OperationImage(operationID: "abc", name: "Q")
    #expect(held.rememberKey(apart.key, holdingVariables: true) == apart.key)
    #expect(held.variablesAreInKey && !apart.variablesAreInKey)
    #expect(held.variables == variables)
    #expect(held == apart && apart == held)
    #expect(held.hashValue == apart.hashValue)
    var other = OperationImage(operationID: "abc", name: "Q")
    _ = other.rememberKey(#"abc:{"after":null,"first":20,"term":"baton"}"#, holdingVariables: true)
    #expect(other != held)
    #expect(other.variables["first"] == .number("20"))

    var renamed = held
    renamed.operationID = "def"
    #expect(renamed.variables == variables)
    #expect(renamed.key == "def:" + apart.key.dropFirst("abc:".count))
    var changed = held
    changed.variables["first"] = .number("30")
    #expect(!changed.variablesAreInKey)
    #expect(changed.key == #"abc:{"after":null,"first":30,"term":"baton"}"#)
  }
}
