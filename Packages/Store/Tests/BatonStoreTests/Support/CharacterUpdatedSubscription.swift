import StoreTestOperations

/// The subscription tests' operation: a character each time the server says it changed.
typealias CharacterUpdatedSubscription = StoreTests.CharacterUpdatedSubscription
