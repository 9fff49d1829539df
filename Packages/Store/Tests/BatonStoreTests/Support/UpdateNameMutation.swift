import BatonNormalizer
import StoreTestOperations

extension StoreTests.UpdateNameMutation {
  /// The optimistic response a UI would write for this mutation: only the name.
  var optimisticResponse: JSONValue {
    ["updateCharacterName": ["__typename": "Character", "id": .string(id), "name": .string(name)]]
  }
}
