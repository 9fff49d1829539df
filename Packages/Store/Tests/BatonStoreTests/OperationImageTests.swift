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
}
