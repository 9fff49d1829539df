import Testing
@_spi(Development) import BatonNormalizer

/// ARCHITECTURE.md §7's table, row by row, plus missing data, unexpected values and masking.
@Suite struct ReaderTests {
  static let keys: [String: [String]] = ["Character": ["id"], "Location": ["id"]]

  static func character(_ selections: [Selection], catchTo: CatchTarget? = nil) -> Selection {
    object("character", "Character", arguments: [Argument("id", .literal("1"))], keys: keys, catchTo: catchTo,
           [scalar("id", "ID", [.nonNull])] + selections)
  }

  static func response(_ character: String, errors: String? = nil) -> [UInt8] {
    let fields = character.isEmpty ? "" : "," + character
    let errorList = errors.map { #","errors":[\#($0)]"# } ?? ""
    return bytes(#"{"data":{"character":{"__typename":"Character","id":"1"\#(fields)}}\#(errorList)}"#)
  }

  static func error(_ path: String) -> String { #"{"message":"boom","path":["character",\#(path)]}"# }

  func load(_ operation: OperationDescriptor, _ body: [UInt8]) throws -> ReadResult {
    let payload = try normalize(response: body, for: operation)
    return read(payload.records, operation: operation)
  }

  func characterData(_ result: ReadResult, _ operation: OperationDescriptor) -> DataValue {
    result.data?.value("character", in: operation.selections) ?? .absent
  }

  static let boom = [FieldError(message: "boom")]
  static let owner = ReadOwner.operation("Q")

  @Test func nullableFieldWithAnErrorReadsNilAndReportsIt() throws {
    let operation = query("Q", [Self.character([scalar("name")])])
    let result = try load(operation, Self.response(#""name":null"#, errors: Self.error(#""name""#)))
    #expect(characterData(result, operation).objectValue?.fields[2] == .null)
    #expect(result.events == [ReadEvent(.fieldError(Self.boom), owner: Self.owner, record: "Character:1", field: "name")])
    #expect(result.fieldErrors.count == 1 && result.failure == nil)
  }

  @Test func semanticNonNullWithoutAPolicyReadsAsNullable() throws {
    let operation = query("Q", [Self.character([scalar("status", "String", [.semanticNonNull])])])
    let result = try load(operation, Self.response(#""status":null"#, errors: Self.error(#""status""#)))
    #expect(characterData(result, operation).objectValue?.fields[2] == .null)
    #expect(result.fieldErrors.count == 1 && result.failure == nil)
  }

  @Test func onErrorNullPropagatesTheNullToTheNearestNullableParent() throws {
    let operation = query("Q", onError: .null, [Self.character([
      scalar("species", "String", [.nonNull]),
      object("friends", "Friend", [.nullable, .nonNull], [scalar("name", "String", [.nonNull])]),
      object("enemies", "Friend", [.nonNull, .nullable], [scalar("name", "String", [.nonNull])]),
    ])])
    let friends = #""friends":[{"__typename":"Friend","name":"A"},{"__typename":"Friend","name":null}]"#
    let enemies = #""enemies":[{"__typename":"Friend","name":"B"},{"__typename":"Friend","name":null}]"#
    let errors = [Self.error(#""friends",1,"name""#), Self.error(#""enemies",1,"name""#)].joined(separator: ",")
    let result = try load(operation, Self.response(#""species":"Human",\#(friends),\#(enemies)"#, errors: errors))
    let character = try #require(characterData(result, operation).objectValue)
    #expect(character.fields[3] == .null)
    #expect(character.fields[4].listValue?.count == 2)
    #expect(character.fields[4].listValue?[1] == .null)
    #expect(character.fields[4].listValue?[0].objectValue != nil)
    #expect(result.fieldErrors.map(\.kind) == [.fieldError(Self.boom), .fieldError(Self.boom)])
    #expect(result.fieldErrors.map(\.record) == ["client:Character:1:friends:1", "client:Character:1:enemies:1"])
    #expect(result.failure == nil)

    let speciesError = try load(operation, Self.response(#""species":null,\#(friends),\#(enemies)"#, errors: Self.error(#""species""#)))
    #expect(characterData(speciesError, operation) == .null)
    #expect(speciesError.fieldErrors == [ReadEvent(.fieldError(Self.boom), owner: Self.owner, record: "Character:1", field: "species")])
  }

  @Test func catchToResultGivesTheErrorsTheSameFromCacheAsFromNetwork() throws {
    let operation = query("Q", [Self.character([
      object("origin", "Location", keys: Self.keys, catchTo: .result, [scalar("id", "ID", [.nonNull]), scalar("name")]),
    ])])
    let body = Self.response(#""origin":{"__typename":"Location","id":"7","name":null}"#, errors: Self.error(#""origin","name""#))
    let fresh = try load(operation, body)
    #expect(characterData(fresh, operation).objectValue?.fields[2] == .caught(Self.boom))
    #expect(fresh.events.isEmpty && fresh.failure == nil)

    var cache = RecordSource()
    try cache.commit(response: Self.response(#""origin":{"__typename":"Location","id":"7","name":"Earth"}"#), for: operation)
    try cache.commit(response: body, for: operation)
    #expect(read(cache, operation: operation) == fresh)
  }

  @Test func catchToNullReadsNil() throws {
    let operation = query("Q", [Self.character([scalar("name", "String", [.semanticNonNull], catchTo: .null)])])
    let result = try load(operation, Self.response(#""name":null"#, errors: Self.error(#""name""#)))
    #expect(characterData(result, operation).objectValue?.fields[2] == .null)
    #expect(result.events.isEmpty && result.failure == nil)
  }

  @Test func throwOnFieldErrorOnTheQueryFailsTheOperation() throws {
    let operation = query("Q", throwOnFieldError: true, [Self.character([scalar("name"), scalar("status", "String", [.semanticNonNull])])])
    let result = try load(operation, Self.response(#""name":null,"status":"alive""#, errors: Self.error(#""name""#)))
    let event = ReadEvent(.fieldError(Self.boom), owner: Self.owner, record: "Character:1", field: "name")
    #expect(result.failure == .fieldErrors([event]))
    #expect(throws: ReadFailure.fieldErrors([event])) { try result.get() }

    let semantic = try load(operation, Self.response(#""name":"Rick","status":null"#, errors: Self.error(#""status""#)))
    #expect(characterData(semantic, operation) == .null)
    #expect(semantic.failure == .fieldErrors([ReadEvent(.fieldError(Self.boom), owner: Self.owner, record: "Character:1", field: "status")]))

    let unpromised = try load(operation, Self.response(#""name":"Rick","status":null"#))
    #expect(characterData(unpromised, operation).objectValue?.fields[3] == .scalar(""))
    #expect(unpromised.events.map(\.kind) == [.unexpected(expected: "a non-null value of type String", found: "null")])
    #expect(unpromised.failure == nil)
  }

  @Test func throwOnFieldErrorOnAFragmentThrowsWhenTheSpreadIsRead() throws {
    let card = Fragment(name: "CharacterCard", on: "Character", selections: [
      scalar("name", "String", [.semanticNonNull]),
      scalar("species", "String", [.semanticNonNull], catchTo: .result),
    ], throwOnFieldError: true)
    let operation = query("Q", [Self.character([.fragmentSpread(FragmentSpread(card))])])
    let body = Self.response(#""name":null,"species":null"#, errors: [Self.error(#""name""#), Self.error(#""species""#)].joined(separator: ","))
    let payload = try normalize(response: body, for: operation)
    let parent = read(payload.records, operation: operation)
    #expect(parent.failure == nil && parent.events.isEmpty)
    guard case .fragment(let reference)? = characterData(parent, operation).objectValue?.fields[2] else {
      Issue.record("the spread did not read as a fragment reference")
      return
    }
    #expect(reference.record == "Character:1" && reference.fragment == "CharacterCard")
    let fragment = read(payload.records, fragment: card, at: reference)
    let event = ReadEvent(.fieldError(Self.boom), owner: .fragment("CharacterCard"), record: "Character:1", field: "name")
    #expect(throws: ReadFailure.fieldErrors([event])) { try fragment.get() }

    let speciesOnly = try normalize(response: Self.response(#""name":"Rick","species":null"#, errors: Self.error(#""species""#)), for: operation)
    let caught = read(speciesOnly.records, fragment: card, at: reference)
    #expect(caught.failure == nil)
    #expect(caught.data?.fields == [.scalar("Rick"), .caught(Self.boom)])
  }

  @Test func aSpreadOnTheRootWrittenWithoutATypenameIsMissingIt() throws {
    let feed = Fragment(name: "Feed", on: "Root", selections: [scalar("__typename"), scalar("motd")])
    let operation = query("Home", [.fragmentSpread(FragmentSpread(feed))])
    let other = query("Other", [scalar("motd")])
    let written = try normalize(response: bytes(#"{"data":{"motd":"hi"}}"#), for: other)
    let result = read(written.records, operation: operation)
    #expect(result.isMissingData)
    #expect(result.events == [ReadEvent(.missing, owner: .operation("Home"), record: .root, field: "__typename")])
    let fetched = try normalize(response: bytes(#"{"data":{"__typename":"Root","motd":"hi"}}"#), for: operation)
    var records = written.records
    records.merge(fetched.records)
    let reread = read(records, operation: operation)
    #expect(reread.events.isEmpty)
    #expect(reread.data?.fields.first?.fragmentReference?.record == .root)
  }

  @Test func fragmentReferencesCompareByWhatTheyReferenceNotByRead() throws {
    let card = Fragment(name: "CharacterCard", on: "Character", selections: [scalar("name")])
    let operation = query("Q", [Self.character([.fragmentSpread(FragmentSpread(card))])])
    let payload = try normalize(response: Self.response(#""name":"Rick""#), for: operation)
    func reference(_ variables: [String: JSONValue]) -> FragmentReference? {
      let result = read(payload.records, operation: operation, variables: variables)
      guard case .fragment(let reference)? = characterData(result, operation).objectValue?.fields[2] else { return nil }
      return reference
    }
    let first = try #require(reference([:]))
    let second = try #require(reference([:]))
    #expect(first == second && first.hashValue == second.hashValue)
    #expect(Set([first, second]).count == 1 && [first: 1][second] == 1)
    #expect(first.owner == Self.owner && first.variables.isEmpty && first.onError == operation.onError)
    let scoped = try #require(reference(["episode": .string("1")]))
    #expect(scoped.variables == ["episode": .string("1")] && scoped != first)
  }

  @Test(arguments: [RequiredAction.none, .log])
  func requiredNullMakesTheParentNil(_ action: RequiredAction) throws {
    let operation = query("Q", [Self.character([scalar("name", required: action)])])
    let result = try load(operation, Self.response(#""name":null"#))
    #expect(characterData(result, operation) == .null)
    let event = ReadEvent(.requiredFieldMissing(action), owner: Self.owner, record: "Character:1", field: "name")
    #expect(result.events == (action == .log ? [event] : []))
    #expect(result.failure == nil)
  }

  @Test func requiredThrowNullKeepsTheParentAndGivesTheSlotItsEvent() throws {
    let operation = query("Q", [Self.character([scalar("name", required: .throw), scalar("species")])])
    let result = try load(operation, Self.response(#""name":null,"species":"Human""#))
    let character = try #require(characterData(result, operation).objectValue)
    let event = ReadEvent(.requiredFieldMissing(.throw), owner: Self.owner, record: "Character:1", field: "name")
    #expect(character.fields[2] == .requiredFieldMissing(event))
    #expect(throws: ReadFailure.requiredFieldMissing(event)) { try character.fields[2].requiredValue() }
    #expect(character.fields[3] == .scalar("Human"))
    #expect(result.events == [event])
    #expect(result.failure == nil)
  }

  @Test func requiredThrowMissingInTheStoreGivesTheSlotItsEvent() throws {
    let operation = query("Q", [Self.character([scalar("name", required: .throw)])])
    let payload = try normalize(response: Self.response(""), for: query("Q", [Self.character([])]))
    let reread = read(payload.records, operation: operation)
    let character = try #require(characterData(reread, operation).objectValue)
    let missing = ReadEvent(.missing, owner: Self.owner, record: "Character:1", field: "name")
    let required = ReadEvent(.requiredFieldMissing(.throw), owner: Self.owner, record: "Character:1", field: "name")
    #expect(character.fields[2] == .requiredFieldMissing(required))
    #expect(reread.events == [missing, required])
    #expect(reread.isMissingData)
  }

  @Test func requiredThrowUnderACatchIsCaught() throws {
    let operation = query("Q", [Self.character([scalar("name", required: .throw)], catchTo: .result)])
    let result = try load(operation, Self.response(#""name":null"#))
    guard case .caught(let errors) = characterData(result, operation) else {
      Issue.record("the @required THROW was not caught")
      return
    }
    #expect(errors.count == 1 && errors[0].message.contains("name"))
    #expect(result.failure == nil)
  }

  @Test func haltFailsOnAnyFieldErrorMet() throws {
    let operation = query("Q", onError: .halt, [Self.character([scalar("name")])])
    let result = try load(operation, Self.response(#""name":null"#, errors: Self.error(#""name""#)))
    #expect(result.failure != nil)
  }

  @Test func aMissingFieldAfterALinkWasRetargetedReadsTheZeroValueAndIsReported() throws {
    let full = query("A", [Self.character([
      object("origin", "Location", [.nonNull], keys: Self.keys, [
        scalar("id", "ID", [.nonNull]), scalar("name", "String", [.nonNull]), scalar("dimension"),
      ]),
    ])])
    let idOnly = query("B", [Self.character([object("origin", "Location", [.nonNull], keys: Self.keys, [scalar("id", "ID", [.nonNull])])])])
    var source = RecordSource()
    try source.commit(response: Self.response(#""origin":{"__typename":"Location","id":"1","name":"Earth","dimension":"C-137"}"#), for: full)
    #expect(read(source, operation: full).events.isEmpty)
    try source.commit(response: Self.response(#""origin":{"__typename":"Location","id":"99"}"#), for: idOnly)
    let result = read(source, operation: full)
    let origin = characterData(result, full).objectValue?.fields[2].objectValue
    #expect(origin?.id == "Location:99")
    #expect(origin?.fields[2] == .scalar("") && origin?.fields[3] == .null)
    #expect(result.isMissingData)
    #expect(result.events == [
      ReadEvent(.missing, owner: .operation("A"), record: "Location:99", field: "name"),
      ReadEvent(.missing, owner: .operation("A"), record: "Location:99", field: "dimension"),
    ])
    #expect(result.seenRecords == [.root, "Character:1", "Location:99"])
  }

  /// A spread inside a zero value references the type's placeholder, which no store holds:
  /// reading the fragment there gives zero values too, and reports nothing missing.
  @Test func aFragmentReadAtAPlaceholderReadsZeroValuesAndReportsNothing() throws {
    let place = Fragment(name: "Place", on: "Location", selections: [
      scalar("name", "String", [.nonNull]), scalar("dimension"),
    ])
    let operation = query("A", [Self.character([
      object("origin", "Location", [.nonNull], keys: Self.keys, [.fragmentSpread(FragmentSpread(place))]),
    ])])
    var source = RecordSource()
    try source.commit(response: Self.response(""), for: query("B", [Self.character([])]))
    let parent = read(source, operation: operation)
    #expect(parent.events == [ReadEvent(.missing, owner: .operation("A"), record: "Character:1", field: "origin")])
    guard case .fragment(let reference)? = characterData(parent, operation).objectValue?.fields[2].objectValue?.fields[1] else {
      Issue.record("the placeholder's spread did not read as a fragment reference")
      return
    }
    #expect(reference.record == "client:placeholder:Location")
    let fragment = read(source, fragment: place, at: reference)
    #expect(fragment.events.isEmpty && fragment.failure == nil)
    #expect(fragment.data?.id == "client:placeholder:Location")
    #expect(fragment.data?.fields == [.scalar(""), .null])
    #expect(fragment.seenRecords.isEmpty)
  }

  @Test func aTypeConditionThatDoesNotMatchIsNotMissing() throws {
    let operation = query("Q", [
      object("node", "Node", kind: .interface, keys: Self.keys, [
        scalar("id", "ID", [.nonNull]),
        on("Character", [scalar("species")]),
        on("Location", [scalar("dimension"), scalar("name")]),
      ]),
    ])
    let result = try load(operation, bytes(#"{"data":{"node":{"__typename":"Character","id":"1","species":"Human"}}}"#))
    #expect(result.events.isEmpty)
    #expect(result.data?.value("node", in: operation.selections).objectValue?.fields == [
      .scalar("Character"), .scalar("1"), .scalar("Human"), .absent, .absent,
    ])
  }

  @Test func unexpectedValuesReadAsTheZeroValue() throws {
    let operation = query("Q", [
      scalar("name", "String", [.nonNull]), scalar("age", "Int"), scalar("big", "Int"), scalar("tags", "String", [.nonNull, .nonNull]),
      scalar("flag", "Boolean", [.nonNull]), object("origin", "Location", [.nonNull], [scalar("name")]),
      scalar("episode", "Episode", kind: .enumeration),
    ])
    var source = RecordSource()
    try source.commit(
      response: bytes(#"{"data":{"name":null,"age":"forty","big":3000000000,"tags":"solo","flag":1,"origin":{"__typename":"Location","name":"x"},"episode":4}}"#),
      for: operation)
    let result = read(source, operation: operation)
    #expect(result.data?.fields == [.scalar(""), .scalar(0), .scalar(0), .list([]), .scalar(false),
                                    result.data?.fields[5] ?? .absent, .scalar("")])
    #expect(result.events.map(\.field) == ["name", "age", "big", "tags", "flag", "episode"])
    #expect(result.events.allSatisfy { if case .unexpected = $0.kind { true } else { false } })
  }

  @Test func conditionsAndAnAbsentRoot() throws {
    let operation = query("Q", [scalar("a", conditions: [.include("on")]), scalar("b", conditions: [.skip("on")])])
    var source = RecordSource()
    try source.commit(response: bytes(#"{"data":{"a":"1"}}"#), for: operation, variables: ["on": true])
    #expect(read(source, operation: operation, variables: ["on": true]).data?.fields == [.scalar("1"), .absent])
    let empty = read(RecordSource(), operation: operation)
    #expect(empty.data == nil && empty.events == [ReadEvent(.missing, owner: .operation("Q"), record: .root, field: nil)])
  }

  @Test func semanticNonNullAppliesPerListLevel() throws {
    let tags = scalar("tags", "String", [.nullable, .semanticNonNull])
    let body = Self.response(#""tags":["a",null]"#, errors: Self.error(#""tags",1"#))
    let lenientOperation = query("Q", [Self.character([tags])])
    let lenient = try load(lenientOperation, body)
    #expect(characterData(lenient, lenientOperation).objectValue?.fields[2] == .list([.scalar("a"), .null]))
    #expect(lenient.failure == nil)

    let strictOperation = query("Q", [Self.character([
      scalar("tags", "String", [.nullable, .semanticNonNull], catchTo: .result),
    ])])
    let strict = try load(strictOperation, body)
    #expect(characterData(strict, strictOperation).objectValue?.fields[2].caughtErrors == [
      FieldError(message: "boom", path: [.index(1)]),
    ])
  }

  @Test func nestedListErrorsPropagateLevelByLevel() throws {
    let operation = query("Q", onError: .null, [Self.character([scalar("matrix", "Int", [.nonNull, .nullable, .nonNull])])])
    let result = try load(operation, Self.response(#""matrix":[[1,2],[null,3]]"#, errors: Self.error(#""matrix",1,0"#)))
    #expect(characterData(result, operation).objectValue?.fields[2] == .list([.list([.scalar(1), .scalar(2)]), .null]))
    #expect(result.fieldErrors == [ReadEvent(
      .fieldError([FieldError(message: "boom", path: [.index(1), .index(0)])]), owner: Self.owner, record: "Character:1",
      field: "matrix")])
  }

  /// An error whose path indexes past the list's end concerns no item: it is met at the list
  /// (reported, or caught by a `@catch` there) and logged `unexpected`, never dropped.
  @Test func anErrorPastAListsEndIsReported() throws {
    let operation = query("Q", [Self.character([scalar("scores", "Int", [.nullable, .nullable])])])
    let result = try load(operation, Self.response(#""scores":[1,2]"#, errors: Self.error(#""scores",5"#)))
    #expect(characterData(result, operation).objectValue?.fields[2] == .list([.scalar(1), .scalar(2)]))
    #expect(result.events == [
      ReadEvent(
        .fieldError([FieldError(message: "boom", path: [.index(5)])]), owner: Self.owner, record: "Character:1",
        field: "scores"),
      ReadEvent(
        .unexpected(expected: "field errors within the list's 2 items", found: "a field error at index 5"),
        owner: Self.owner, record: "Character:1", field: "scores"),
    ])

    let caught = query("Q", [Self.character([scalar("scores", "Int", [.nullable, .nullable], catchTo: .result)])])
    let caughtResult = try load(caught, Self.response(#""scores":[1,2]"#, errors: Self.error(#""scores",5"#)))
    #expect(characterData(caughtResult, caught).objectValue?.fields[2].caughtErrors == [
      FieldError(message: "boom", path: [.index(5)]),
    ])
  }

  /// Errors on the items of a list position that holds a scalar (a value of the wrong shape)
  /// have no item to meet them: they are met there, beside the `unexpected` event.
  @Test func errorsBelowAValueThatIsNotAListAreReported() throws {
    let operation = query("Q", [Self.character([scalar("scores", "Int", [.nullable, .nullable])])])
    let result = try load(operation, Self.response(#""scores":7"#, errors: Self.error(#""scores",0"#)))
    #expect(result.fieldErrors == [ReadEvent(
      .fieldError([FieldError(message: "boom", path: [.index(0)])]), owner: Self.owner, record: "Character:1",
      field: "scores")])
  }
}
