import StoreTestOperations

/// The store tests' usual operation, under the default onError; `NullOnError` and
/// `HaltOnError` have it under the other two.
typealias CharacterDetail = StoreTests.CharacterDetailQuery

/// A character's fields as one value, to compare whichever onError read them.
struct CharacterFields: Equatable {
  var id: String
  var name: String
  var species: String
  var type: String?
}

extension StoreTests.CharacterDetailQuery.Data.Character {
  var fields: CharacterFields { CharacterFields(id: id, name: name, species: species, type: type) }
}

extension NullOnError.CharacterDetailQuery.Data.Character {
  var fields: CharacterFields { CharacterFields(id: id, name: name, species: species, type: type) }
}
