import BatonNormalizer
import BatonStore
import Testing

@Suite struct OperationImageTests {
  @Test func keyIsTheSameWhateverTheVariablesOrder() {
    let first = OperationImage(operationID: "abc", name: "Q", variables: ["id": "1", "page": 2])
    let second = OperationImage(operationID: "abc", name: "Q", variables: ["page": 2, "id": "1"])
    #expect(first.key == second.key)
    #expect(first.key != OperationImage(operationID: "abc", name: "Q", variables: ["id": "2", "page": 2]).key)
  }
}
