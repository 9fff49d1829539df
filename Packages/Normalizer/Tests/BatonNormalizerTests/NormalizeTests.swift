import Testing
@_spi(Development) import BatonNormalizer

@Suite struct NormalizeTests {
  static let characterKeys: [String: [String]] = ["Character": ["id"]]

  @Test func writesKeyedAndPathRecordsUnderStorageKeys() throws {
    let operation = query("Character", [
      object("character", "Character", arguments: [Argument("id", .variable("id"))], keys: Self.characterKeys, [
        scalar("id", "ID", [.nonNull]),
        scalar("name", "String", [.nonNull], alias: "displayName"),
        object("episodes", "Episode", [.nonNull, .nonNull], arguments: [Argument("first", .variable("first"))], [
          scalar("code", "String", [.nonNull]),
        ]),
      ]),
    ])
    let response = #"{"data":{"character":{"__typename":"Character","id":"1","displayName":"Rick","episodes":[{"__typename":"Episode","code":"S01E01"}]}}}"#
    let payload = try normalize(response: bytes(response), for: operation, variables: ["id": "1", "first": 5])
    let records = payload.records
    #expect(records[.root]?[#"character(id:"1")"#]?.value == .link("Character:1"))
    let rick = try #require(records["Character:1"])
    #expect(rick.typename == "Character")
    #expect(rick["name"]?.value == .scalar("Rick"))
    #expect(rick["displayName"] == nil)
    #expect(rick["episodes(first:5)"]?.value == .list([.link("client:Character:1:episodes(first:5):0")]))
    #expect(records["client:Character:1:episodes(first:5):0"]?["code"]?.value == .scalar("S01E01"))
    #expect(payload.operationErrors.isEmpty && payload.hasData)
  }

  @Test func storageKeysSortArgumentsAndLeaveOutUnprovidedVariables() {
    let arguments = [
      Argument("b", .object([Argument("z", .literal(1)), Argument("a", .variable("v"))])),
      Argument("a", .list([.variable("missing"), .literal("x")])),
      Argument("c", .variable("missing")),
    ]
    #expect(StorageKey.make(name: "f", arguments: arguments, variables: ["v": true]) == #"f(a:[null,"x"],b:{"a":true,"z":1})"#)
    #expect(StorageKey.make(name: "f", arguments: [Argument("c", .variable("missing"))], variables: [:]) == "f")
    #expect(StorageKey.make(name: "f", arguments: [Argument("c", .literal(nil))], variables: [:]) == "f(c:null)")
  }

  @Test func oneRecordReachedByTwoOperationsWithDifferentArguments() throws {
    func friends(_ count: Int) -> OperationDescriptor {
      query("Friends\(count)", [
        object("character", "Character", arguments: [Argument("id", .literal("1"))], keys: Self.characterKeys, [
          scalar("id", "ID", [.nonNull]),
          object("friends", "Character", [.nonNull, .nonNull], arguments: [Argument("first", .variable("n"))], keys: Self.characterKeys, [
            scalar("id", "ID", [.nonNull]),
          ]),
        ]),
      ])
    }
    func response(_ ids: [Int]) -> [UInt8] {
      let list = ids.map { #"{"__typename":"Character","id":"\#($0)"}"# }.joined(separator: ",")
      return bytes(#"{"data":{"character":{"__typename":"Character","id":"1","friends":[\#(list)]}}}"#)
    }
    var source = RecordSource()
    try source.commit(response: response([2, 3]), for: friends(2), variables: ["n": 2])
    try source.commit(response: response([2, 3, 4, 5, 6]), for: friends(5), variables: ["n": 5])
    #expect(source["Character:1"]?["friends(first:2)"]?.value == .list([.link("Character:2"), .link("Character:3")]))
    #expect(source["Character:1"]?["friends(first:5)"]?.value == .list((2...6).map { .link(RecordID("Character:\($0)")) }))
    let two = read(source, operation: friends(2), variables: ["n": 2])
    let five = read(source, operation: friends(5), variables: ["n": 5])
    let selections = friends(2).selections
    let twoFriends = two.data?.value("character", in: selections).objectValue?.fields[2].listValue
    let fiveFriends = five.data?.value("character", in: selections).objectValue?.fields[2].listValue
    #expect(twoFriends?.count == 2 && fiveFriends?.count == 5)
    #expect(two.events.isEmpty && five.events.isEmpty)
  }

  @Test func fieldErrorOnAnAliasedFieldInAListInsideAnAbstractType() throws {
    let operation = query("Node", [
      object("node", "Node", kind: .interface, arguments: [Argument("id", .literal("1"))], keys: Self.characterKeys, [
        on("Character", [
          scalar("id", "ID", [.nonNull]),
          object("friends", "Character", [.nullable, .nullable], [
            scalar("name", "String", alias: "nick"),
          ]),
        ]),
      ]),
    ])
    let response = #"{"data":{"node":{"__typename":"Character","id":"1","friends":[{"__typename":"Character","nick":"Rick"},{"__typename":"Character","nick":null}]}},"errors":[{"message":"name failed","path":["node","friends",1,"nick"],"extensions":{"code":"E"}}]}"#
    let payload = try normalize(response: bytes(response), for: operation)
    let failed = try #require(payload.records["client:Character:1:friends:1"])
    #expect(failed["name"] == RecordField(.null, errors: [FieldError(message: "name failed", path: [], extensions: ["code": "E"])]))
    #expect(payload.records["client:Character:1:friends:0"]?["name"] == RecordField(.scalar("Rick")))
    #expect(payload.operationErrors.isEmpty)
  }

  static let origin = query("Origin", [
    object("character", "Character", arguments: [Argument("id", .literal("1"))], keys: characterKeys, [
      scalar("id", "ID", [.nonNull]),
      object("origin", "Location", alias: "home", keys: ["Location": ["id"]], [
        scalar("id", "ID", [.nonNull]),
        scalar("name", "String", [.nonNull], alias: "title"),
      ]),
    ]),
  ])

  @Test func errorAtANonNullFieldLandsOnTheNearestNullableParentWithItsRelativePath() throws {
    let response = #"{"data":{"character":{"__typename":"Character","id":"1","home":null}},"errors":[{"message":"no name","path":["character","home","title"]}]}"#
    let payload = try normalize(response: bytes(response), for: Self.origin)
    #expect(payload.records["Character:1"]?["origin"] == RecordField(.null, errors: [FieldError(message: "no name", path: [.key("name")])]))
    #expect(payload.operationErrors.isEmpty)
    let result = read(payload.records, operation: Self.origin)
    #expect(result.data?.value("character", in: Self.origin.selections).objectValue?.fields[2] == .null)
    #expect(result.fieldErrors == [ReadEvent(
      .fieldError([FieldError(message: "no name", path: [.key("name")])]), owner: .operation("Origin"), record: "Character:1",
      field: "origin")])
  }

  @Test func errorsWithoutAPathOrLandingNowhereBelongToTheOperation() throws {
    let response = #"{"data":{"character":{"__typename":"Character","id":"1","home":null}},"errors":[{"message":"slow"},{"message":"elsewhere","path":["episode","name"]}],"extensions":{"cost":3}}"#
    let payload = try normalize(response: bytes(response), for: Self.origin)
    #expect(payload.operationErrors == [
      FieldError(message: "slow"), FieldError(message: "elsewhere", path: [.key("episode"), .key("name")]),
    ])
    #expect(payload.extensions == ["cost": 3])
    #expect(payload.records["Character:1"]?["origin"] == RecordField(.null))
  }

  @Test func aValueWrittenWithoutErrorClearsTheFieldsOldErrors() throws {
    var source = RecordSource()
    try source.commit(
      response: bytes(#"{"data":{"character":{"__typename":"Character","id":"1","home":null}},"errors":[{"message":"down","path":["character","home"]}]}"#),
      for: Self.origin)
    #expect(source["Character:1"]?["origin"]?.errors.count == 1)
    try source.commit(
      response: bytes(#"{"data":{"character":{"__typename":"Character","id":"1","home":{"__typename":"Location","id":"9","title":"Earth"}}}}"#),
      for: Self.origin)
    #expect(source["Character:1"]?["origin"] == RecordField(.link("Location:9")))
  }

  @Test func requestErrorsWithoutDataWriteNothing() throws {
    let payload = try normalize(response: bytes(#"{"data":null,"errors":[{"message":"bad query","locations":[{"line":1,"column":2}]}]}"#), for: Self.origin)
    #expect(!payload.hasData && payload.records.isEmpty)
    #expect(payload.operationErrors == [FieldError(message: "bad query")])
  }

  @Test func scalarSurprisesAreStoredAsTheyCame() throws {
    let operation = query("Surprise", [
      scalar("name", "String", [.nonNull]),
      scalar("age", "Int"),
      scalar("tags", "String", [.nullable, .nonNull]),
      scalar("meta", "JSON"),
    ])
    let response = #"{"data":{"name":null,"age":"forty","tags":"solo","meta":{"any":[1,{"x":null}]}}}"#
    let root = try #require(try normalize(response: bytes(response), for: operation).records[.root])
    #expect(root["name"]?.value == .null)
    #expect(root["age"]?.value == .scalar("forty"))
    #expect(root["tags"]?.value == .scalar("solo"))
    #expect(root["meta"]?.value == .scalar(["any": [1, ["x": nil]]]))
  }

  @Test func nestedListsKeepIndicesInRecordIDsAndErrorPaths() throws {
    let operation = query("Grid", [
      scalar("matrix", "Int", [.nullable, .nullable, .nonNull]),
      object("grid", "Cell", [.nonNull, .nullable, .nullable], [scalar("v", "Int")]),
    ])
    let response = #"{"data":{"matrix":[[1,2],null,[3]],"grid":[[{"__typename":"Cell","v":1}],[null,{"__typename":"Cell","v":2}]]},"errors":[{"message":"row","path":["matrix",1,0]},{"message":"cell","path":["grid",1,0]}]}"#
    let records = try normalize(response: bytes(response), for: operation).records
    let root = try #require(records[.root])
    #expect(root["matrix"] == RecordField(
      .list([.list([.scalar(1), .scalar(2)]), .null, .list([.scalar(3)])]),
      errors: [FieldError(message: "row", path: [.index(1), .index(0)])]))
    #expect(root["grid"] == RecordField(
      .list([.list([.link("client:root:grid:0:0")]), .list([.null, .link("client:root:grid:1:1")])]),
      errors: [FieldError(message: "cell", path: [.index(1), .index(0)])]))
    #expect(records["client:root:grid:1:1"]?["v"]?.value == .scalar(2))
  }

  @Test func skippedAndExcludedFieldsAreNotRequired() throws {
    let operation = query("Conditional", [
      scalar("a", conditions: [.include("withA")]),
      scalar("b", conditions: [.skip("withA")]),
    ])
    let root = try normalize(response: bytes(#"{"data":{"a":"1"}}"#), for: operation, variables: ["withA": true]).records[.root]
    #expect(root?.fields == ["a": RecordField(.scalar("1"))])
    #expect(throws: NormalizeError.self) {
      try normalize(response: bytes(#"{"data":{"a":"1"}}"#), for: operation, variables: ["withA": false])
    }
  }

  @Test func partialPayloadsWriteOnlyWhatTheyCarry() throws {
    let selections = Self.origin.selections
    let payload: JSONValue = ["character": ["__typename": "Character", "id": "1"]]
    let partial = try normalize(payload: payload, selections: selections, isPartial: true)
    #expect(partial["Character:1"]?.fields == ["id": RecordField(.scalar("1"))])
    #expect {
      try normalize(payload: payload, selections: selections)
    } throws: { error in
      (error as? NormalizeError)?.path == [.key("character"), .key("home")]
    }
  }

  @Test func typeConditionsSelectFieldsByTypename() throws {
    let operation = query("Search", [
      object("search", "SearchResult", [.nonNull, .nonNull], kind: .union, keys: Self.characterKeys, [
        on("Character", [scalar("id", "ID", [.nonNull]), scalar("name")]),
        on("Location", [scalar("dimension")]),
      ]),
    ])
    let response = #"{"data":{"search":[{"__typename":"Character","id":"1","name":"Rick"},{"__typename":"Location","dimension":"C-137"}]}}"#
    let records = try normalize(response: bytes(response), for: operation).records
    #expect(records["Character:1"]?.fields.keys.sorted() == ["id", "name"])
    #expect(records["client:root:search:1"]?.fields == ["dimension": RecordField(.scalar("C-137"))])
  }

  /// Keyed ids share an id of their typename: the first few typenames a response names are
  /// kept in turn, the rest in a table. Either way each object is keyed by its own type, and
  /// one met again merges into its first record.
  @Test func objectsOfManyTypesAreKeyedByTheirOwnType() throws {
    let types = (0..<20).map { "Type\($0)" }
    let operation = query("Q", [
      object("search", "Result", [.nonNull, .nonNull], kind: .union,
        keys: Dictionary(uniqueKeysWithValues: types.map { ($0, ["id"]) }), possibleTypes: Set(types),
        types.map { on($0, [scalar("id", "ID", [.nonNull]), scalar("name\($0)")]) }),
    ])
    let items = (types + types.reversed()).map { #"{"__typename":"\#($0)","id":"\#($0.count)","name\#($0)":"\#($0)"}"# }
    let records = try normalize(response: bytes(#"{"data":{"search":[\#(items.joined(separator: ","))]}}"#), for: operation).records
    for type in types {
      let record = try #require(records[RecordID("\(type):\(type.count)")], "\(type)")
      #expect(record.typename == type && record.fields.keys == ["id", "name\(type)"])
    }
    #expect(records.count == types.count + 1)
  }
}
