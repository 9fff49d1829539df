@_spi(Development) import BatonNormalizer
import Testing

/// `IncrementalResponse` resolving the paths of a payload's entries, which share their first
/// steps, against the store and what the payload's earlier entries wrote.
@Suite struct IncrementalResponseTests {
  static func deferred(_ label: String, _ selections: [Selection]) -> Selection {
    .inlineFragment(InlineFragment(on: nil, selections: selections, deferred: DeferDirective(label: label)))
  }

  static let keys: [String: [String]] = ["Character": ["id"], "Episode": ["id"]]

  /// `character { id ... @defer(label: "episodes") { episodes { id ... @defer(label: "name") { name } } } }`
  static let nested = query("Nested", [
    object("character", "Character", keys: keys, [
      scalar("id", "ID", [.nonNull]),
      deferred("episodes", [
        object("episodes", "Episode", [.nonNull, .nonNull], keys: keys, [
          scalar("id", "ID", [.nonNull]), deferred("name", [scalar("name")]),
        ]),
      ]),
    ]),
  ])

  static let pending = RecordField(.scalar("pending"))
  static let complete = RecordField(.null)

  /// Normalizes each payload into `store` in turn, as the environment does.
  static func deliver(_ payloads: [String], for operation: OperationDescriptor) throws -> RecordSource {
    var response = IncrementalResponse(operation: operation)
    var store = RecordSource()
    for payload in payloads { store.merge(try response.normalize(Array(payload.utf8), in: store).records) }
    return store
  }

  @Test func entriesSharingTheirFirstStepsEachReachTheirOwnRecord() throws {
    let store = try Self.deliver([
      #"{"data":{"character":{"__typename":"Character","id":"1"}},"pending":[{"id":"0","path":["character"],"label":"episodes"}],"hasNext":true}"#,
      """
      {"incremental":[{"id":"0","data":{"episodes":[{"__typename":"Episode","id":"1"},{"__typename":"Episode","id":"2"}]}}],
       "pending":[{"id":"1","path":["character","episodes",0],"label":"name"},{"id":"2","path":["character","episodes",1],"label":"name"}],
       "completed":[{"id":"0"}],"hasNext":true}
      """,
      """
      {"incremental":[{"id":"2","data":{"name":"Lawnmower Dog"}},{"id":"1","data":{"name":"Pilot"}}],
       "completed":[{"id":"1"}],"hasNext":true}
      """,
    ], for: Self.nested)
    #expect(store["Character:1"]?.fields["__defer:episodes"] == Self.complete)
    #expect(store["Episode:1"]?.fields["name"] == RecordField(.scalar("Pilot")))
    #expect(store["Episode:2"]?.fields["name"] == RecordField(.scalar("Lawnmower Dog")))
    #expect(store["Episode:1"]?.fields["__defer:name"] == Self.complete)
    #expect(store["Episode:2"]?.fields["__defer:name"] == Self.pending)
  }

  /// `character { id friends { id ... @defer(label: "more") { name ally { id friends { id } } } } }`:
  /// the deferred `ally` may be the character, so its data can move the link the part's
  /// own path goes through.
  static let relinked = query("Relinked", [
    object("character", "Character", keys: keys, [
      scalar("id", "ID", [.nonNull]),
      object("friends", "Character", [.nonNull, .nonNull], keys: keys, [
        scalar("id", "ID", [.nonNull]),
        deferred("more", [
          scalar("name"),
          object("ally", "Character", keys: keys, [
            scalar("id", "ID", [.nonNull]),
            object("friends", "Character", [.nonNull, .nonNull], keys: keys, [scalar("id", "ID", [.nonNull])]),
          ]),
        ]),
      ]),
    ]),
  ])

  @Test func aPathResolvesThroughWhatThePayloadWroteBeforeIt() throws {
    let store = try Self.deliver([
      """
      {"data":{"character":{"__typename":"Character","id":"1","friends":[{"__typename":"Character","id":"2"}]}},
       "pending":[{"id":"0","path":["character","friends",0],"label":"more"}],"hasNext":true}
      """,
      """
      {"incremental":[{"id":"0","data":{"name":"Morty",
         "ally":{"__typename":"Character","id":"1","friends":[{"__typename":"Character","id":"3"}]}}}],
       "completed":[{"id":"0"}],"hasNext":false}
      """,
    ], for: Self.relinked)
    #expect(store["Character:2"]?.fields["name"] == RecordField(.scalar("Morty")))
    #expect(store["Character:1"]?.fields["friends"] == RecordField(.list([.link("Character:3")])))
    // The completion's path, read after the entry moved `character.friends[0]`, names Character:3.
    #expect(store["Character:2"]?.fields["__defer:more"] == Self.pending)
    #expect(store["Character:3"]?.fields["__defer:more"] == Self.complete)
  }

  /// `character { id origin { id } ... @defer(label: "more") { species origin { id name } } }`:
  /// the deferred `origin` is an object the initial payload sent, so the server sends its
  /// new field under the part's `id` with a `subPath`, as graphql-js 17 and graphql-core do.
  static let sharedObject = query("SharedObject", [
    object("character", "Character", keys: keys, [
      scalar("id", "ID", [.nonNull]),
      object("origin", "Location", keys: ["Location": ["id"]], [scalar("id", "ID", [.nonNull])]),
      deferred("more", [
        scalar("species"),
        object("origin", "Location", keys: ["Location": ["id"]], [scalar("id", "ID", [.nonNull]), scalar("name")]),
      ]),
    ]),
  ])

  /// The part's fields under an object the initial payload sent arrive at its `subPath`, and
  /// are the deferred fragment's fields there.
  @Test func anEntryWithASubPathWritesTheFragmentsFieldsOfTheObjectThere() throws {
    let store = try Self.deliver([
      """
      {"data": {"character": {"__typename": "Character", "id": "1", "origin": {"__typename": "Location", "id": "1"}}},
       "pending": [{"id": "0", "path": ["character"], "label": "more"}], "hasNext": true}
      """,
      """
      {"hasNext": false, "incremental": [{"data": {"name": "Earth (C-137)"}, "id": "0", "subPath": ["origin"]},
       {"data": {"species": "Human"}, "id": "0"}], "completed": [{"id": "0"}]}
      """,
    ], for: Self.sharedObject)
    #expect(store["Location:1"]?.fields["name"] == RecordField(.scalar("Earth (C-137)")))
    #expect(store["Character:1"]?.fields["species"] == RecordField(.scalar("Human")))
    #expect(store["Character:1"]?.fields["__defer:more"] == Self.complete)
  }

  /// `character { id quotes @stream(initialCount: 1) { text } }`: a list of keyless objects,
  /// whose records are named by their place in the list.
  static let quotes = query("Quotes", [
    object("character", "Character", keys: keys, [
      scalar("id", "ID", [.nonNull]),
      .field(FieldSelection(
        name: "quotes", type: TypeReference("Quote", .object, [.nonNull, .nullable]),
        selections: [scalar("text")], stream: StreamDirective(label: "quotes", initialCount: 1))),
    ]),
  ])

  /// Each streamed item is named by its place in the whole list, not in its payload, so a
  /// later payload's items do not overwrite the earlier ones.
  @Test func streamedItemsWithoutAKeyKeepTheirPlaceInTheList() throws {
    let store = try Self.deliver([
      """
      {"data":{"character":{"__typename":"Character","id":"1","quotes":[{"__typename":"Quote","text":"Wubba"}]}},
       "pending":[{"id":"0","path":["character","quotes"],"label":"quotes"}],"hasNext":true}
      """,
      """
      {"incremental":[{"id":"0","items":[{"__typename":"Quote","text":null},null],
       "errors":[{"message":"no text","path":["character","quotes",1,"text"]},
                 {"message":"no quote","path":["character","quotes",2]}]}],"hasNext":true}
      """,
      #"{"incremental":[{"id":"0","items":[{"__typename":"Quote","text":"dub"},{"__typename":"Quote","text":"dub!"}]}],"completed":[{"id":"0"}],"hasNext":false}"#,
    ], for: Self.quotes)
    guard case .list(let links)? = store["Character:1"]?.fields["quotes"]?.value else {
      Issue.record("no list of quotes")
      return
    }
    let texts = links.map { link -> String? in
      guard case .link(let id) = link, case .scalar(.string(let text))? = store[id]?.fields["text"]?.value else { return nil }
      return text
    }
    #expect(texts == ["Wubba", nil, nil, "dub", "dub!"])
    #expect(Set(links).count == 5)
    guard case .link(let second)? = links.dropFirst().first else { return }
    #expect(store[second]?.fields["text"]?.errors.map(\.message) == ["no text"])
    // The null item's error is the list's, at the item's place in the whole list.
    #expect(store["Character:1"]?.fields["quotes"]?.errors.map(\.message) == ["no quote"])
    #expect(store["Character:1"]?.fields["quotes"]?.errors.first?.path == [.index(2)])
  }
}
