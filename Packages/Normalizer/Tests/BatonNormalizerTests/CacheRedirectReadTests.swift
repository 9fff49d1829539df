@_spi(Development) import BatonNormalizer
import Testing

/// A field with a cache redirect and no stored link reads the record its arguments name;
/// a stored link wins; a redirect that finds no record, or one lacking a field, is missing.
struct CacheRedirectReadTests {
  static let name = scalar("name", "String", [.nonNull])

  static func field(
    _ name: String, _ typeName: String, _ levels: [Nullability] = [.nullable], kind: TypeReference.Kind = .object,
    argument: String = "id", keys: [String: [String]] = ["Character": ["id"]]
  ) -> OperationDescriptor {
    query("Detail", [.field(FieldSelection(
      name: name, arguments: [Argument(argument, .variable(argument))], type: TypeReference(typeName, kind, levels),
      selections: [typenameField, name == "node" ? on("Character", [Self.name]) : Self.name], keyFields: keys,
      possibleTypes: kind == .object ? nil : Set(keys.keys),
      redirect: CacheRedirect(keyArguments: [argument], keyFields: keys)))])
  }

  static let character = field("character", "Character")

  static func record(_ id: RecordID, _ typename: String, name: String? = nil) -> StoreRecord {
    let fields: [String: RecordField] = name.map { ["name": RecordField(.scalar(.string($0)))] } ?? [:]
    return StoreRecord(id: id, typename: typename, fields: fields)
  }

  static func names(_ result: ReadResult, _ operation: OperationDescriptor) -> [String] {
    guard let value = result.data?.fields.first else { return [] }
    let objects: [DataValue] = if case .list(let items) = value { Array(items) } else { [value] }
    return objects.compactMap { object in
      guard case .object(let read) = object, case .scalar(.string(let name))? = read.fields.last else { return nil }
      return name
    }
  }

  @Test func aFieldWithoutALinkReadsTheRecordItsArgumentNames() {
    let source = RecordSource([Self.record(.root, "Query"), Self.record("Character:1", "Character", name: "Rick")])
    let result = read(source, operation: Self.character, variables: ["id": "1"])
    #expect(Self.names(result, Self.character) == ["Rick"])
    #expect(result.events.isEmpty)
    #expect(result.seenRecords.contains("Character:1"))
  }

  @Test func aStoredLinkWinsOverTheRedirect() {
    var root = Self.record(.root, "Query")
    root.fields[#"character(id:"1")"#] = RecordField(.link("Character:2"))
    let source = RecordSource([
      root, Self.record("Character:1", "Character", name: "Rick"), Self.record("Character:2", "Character", name: "Morty"),
    ])
    #expect(Self.names(read(source, operation: Self.character, variables: ["id": "1"]), Self.character) == ["Morty"])
  }

  @Test func aRecordLackingAFieldLeavesTheFieldMissingAtTheRoot() {
    let source = RecordSource([Self.record(.root, "Query"), Self.record("Character:1", "Character")])
    let result = read(source, operation: Self.character, variables: ["id": "1"])
    #expect(result.isMissingData)
    #expect(result.events.map(\.record) == [.root])
    #expect(result.events.map(\.field) == [#"character(id:"1")"#])
    #expect(result.data?.fields.first == .null)
  }

  @Test func noRecordUnderTheKeyIsMissingAsWithoutARedirect() {
    let source = RecordSource([Self.record(.root, "Query")])
    let result = read(source, operation: Self.character, variables: ["id": "9"])
    #expect(result.events.map(\.field) == [#"character(id:"9")"#])
  }

  @Test func aNumberKeyIsWrittenAsTheNormalizerWritesIt() {
    let source = RecordSource([Self.record(.root, "Query"), Self.record("Character:7", "Character", name: "Birdperson")])
    #expect(Self.names(read(source, operation: Self.character, variables: ["id": 7]), Self.character) == ["Birdperson"])
  }

  @Test func aListOfIdsReadsOneRecordPerIdAndIsMissingIfOneIsAbsent() {
    let byIds = Self.field("charactersByIds", "Character", [.nonNull, .nullable], argument: "ids")
    let source = RecordSource([
      Self.record(.root, "Query"), Self.record("Character:1", "Character", name: "Rick"),
      Self.record("Character:2", "Character", name: "Morty"),
    ])
    #expect(Self.names(read(source, operation: byIds, variables: ["ids": ["2", "1"]]), byIds) == ["Morty", "Rick"])
    let partial = read(source, operation: byIds, variables: ["ids": ["1", "3"]])
    #expect(partial.isMissingData)
    #expect(partial.events.map(\.record) == [.root])
  }

  /// Ids are kept per type, so an interface field's key names a record only when exactly
  /// one possible type has a record under it.
  @Test func anInterfaceFieldReadsTheOneRecordOfAPossibleTypeUnderTheKey() {
    let node = Self.field("node", "Node", kind: .interface, keys: ["Character": ["id"], "Location": ["id"]])
    let one = RecordSource([Self.record(.root, "Query"), Self.record("Character:1", "Character", name: "Rick")])
    #expect(Self.names(read(one, operation: node, variables: ["id": "1"]), node) == ["Rick"])
    let two = RecordSource([
      Self.record(.root, "Query"), Self.record("Character:1", "Character", name: "Rick"),
      Self.record("Location:1", "Location", name: "Earth"),
    ])
    #expect(read(two, operation: node, variables: ["id": "1"]).isMissingData)
  }
}
