import Testing
@_spi(Development) import BatonNormalizer

/// A field selected twice on one object, by the operation and by a spread fragment, with
/// only one of them selecting the key: the response has one object there, so the store
/// gets one record, and every field of both selections reads back.
@Suite struct OverlappingSelectionsTests {
  static let memberKeys: [String: [String]] = ["Member": ["id"]]

  /// `crew { role boss { role } }`: no key selected, so on its own named by path.
  static let roles = Fragment(name: "CrewRoles", on: "Ship", selections: [
    typenameField,
    object("crew", "Member", [.nonNull, .nonNull], [
      scalar("role", "String", [.nonNull]),
      object("boss", "Member", [.nullable], [scalar("role", "String", [.nonNull])]),
    ]),
  ])

  /// `ship { id crew { id name boss { id name } } ...CrewRoles }`, the spread first or last.
  static func operation(spreadFirst: Bool) -> OperationDescriptor {
    let crew = object("crew", "Member", [.nonNull, .nonNull], keys: memberKeys, [
      scalar("id", "ID", [.nonNull]),
      scalar("name", "String", [.nonNull]),
      object("boss", "Member", [.nullable], keys: memberKeys, [scalar("id", "ID", [.nonNull]), scalar("name", "String", [.nonNull])]),
    ])
    let spread = Selection.fragmentSpread(FragmentSpread(roles))
    return query("Ship", [
      object("ship", "Ship", keys: ["Ship": ["id"]], [scalar("id", "ID", [.nonNull])] + (spreadFirst ? [spread, crew] : [crew, spread])),
    ])
  }

  static let response = bytes(#"""
    {"data":{"ship":{"__typename":"Ship","id":"s1","crew":[
      {"__typename":"Member","id":"m1","name":"Ann","role":"Pilot","boss":{"__typename":"Member","id":"m2","name":"Bo","role":"Cook"}},
      {"__typename":"Member","id":"m2","name":"Bo","role":"Cook","boss":null}]}}}
    """#)

  @Test(arguments: [false, true])
  func bothSelectionsReadWhateverSelectedTheKey(spreadFirst: Bool) throws {
    let operation = Self.operation(spreadFirst: spreadFirst)
    var source = RecordSource()
    try source.commit(response: Self.response, for: operation)
    #expect(source["Ship:s1"]?["crew"]?.value == .list([.link("Member:m1"), .link("Member:m2")]))
    #expect(source["Member:m1"]?["boss"]?.value == .link("Member:m2"))
    #expect(source["Member:m1"]?["role"]?.value == .scalar("Pilot"))
    #expect(source.count == 4)

    let result = read(source, operation: operation)
    #expect(result.events.isEmpty)
    let shipSelections = try #require(Self.fieldSelections("ship", in: operation.selections))
    let ship = try #require(result.data?.value("ship", in: operation.selections).objectValue)
    let crewSelections = try #require(Self.fieldSelections("crew", in: shipSelections))
    let crew = try #require(ship.value("crew", in: shipSelections).listValue).compactMap(\.objectValue)
    #expect(crew.map { $0.value("name", in: crewSelections) } == [.scalar("Ann"), .scalar("Bo")])
    let boss = crew.first?.value("boss", in: crewSelections).objectValue
    #expect(boss?.id == "Member:m2")
    #expect(boss?.value("name", in: Self.fieldSelections("boss", in: crewSelections) ?? []) == .scalar("Bo"))

    let reference = try #require(ship.value("CrewRoles", in: shipSelections).fragmentReference)
    let roles = read(source, fragment: Self.roles, at: reference)
    #expect(roles.events.isEmpty)
    let roleSelections = try #require(Self.fieldSelections("crew", in: Self.roles.selections))
    let roleCrew = try #require(roles.data?.value("crew", in: Self.roles.selections).listValue).compactMap(\.objectValue)
    #expect(roleCrew.map { $0.value("role", in: roleSelections) } == [.scalar("Pilot"), .scalar("Cook")])
    #expect(roleCrew.first?.value("boss", in: roleSelections).objectValue?.id == "Member:m2")
  }

  /// A later response with the same overlap moves nothing: the records stay keyed.
  @Test func aSecondFetchKeepsTheKeyedRecords() throws {
    let operation = Self.operation(spreadFirst: false)
    var source = RecordSource()
    try source.commit(response: Self.response, for: operation)
    let first = source
    try source.commit(response: Self.response, for: operation)
    #expect(source == first)
  }

  static func fieldSelections(_ responseKey: String, in selections: [Selection]) -> [Selection]? {
    for case .field(let field) in selections where field.responseKey == responseKey { return field.selections }
    return nil
  }
}
