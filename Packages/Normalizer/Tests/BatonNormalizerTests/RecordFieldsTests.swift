import Testing
@_spi(Development) import BatonNormalizer

@Suite struct RecordFieldsTests {
  /// Below and above the count where lookups switch from comparing keys in turn to
  /// searching by halves.
  static let sizes = [3, 8, 40]

  static func keys(_ count: Int) -> [String] {
    (0..<count).map { "field\($0)(first:\($0 * 7 % 5))" }
  }

  @Test(arguments: sizes) func everyWrittenFieldReadsBackAndMissingKeysReadNil(count: Int) {
    var fields = RecordFields()
    for (index, key) in Self.keys(count).reversed().enumerated() { fields[key] = RecordField(.scalar(.number(String(index)))) }
    #expect(fields.count == count)
    for (index, key) in Self.keys(count).reversed().enumerated() {
      #expect(fields[key] == RecordField(.scalar(.number(String(index)))))
    }
    #expect(fields["field"] == nil)
    #expect(fields["zzz"] == nil)
    #expect(fields.keys == Self.keys(count).sorted())
  }

  @Test(arguments: sizes) func writingOverAFieldReplacesItAndNilRemovesIt(count: Int) {
    let keys = Self.keys(count)
    var fields = RecordFields(Dictionary(uniqueKeysWithValues: keys.map { ($0, RecordField(.null)) }))
    let middle = keys[count / 2]
    fields[middle] = RecordField(.scalar("new"), errors: [FieldError(message: "late")])
    #expect(fields[middle]?.errors.map(\.message) == ["late"])
    #expect(fields.count == count)
    fields[middle] = nil
    #expect(fields[middle] == nil)
    #expect(fields.count == count - 1)
    #expect(fields.removeValue(forKey: middle) == nil)
    #expect(fields.updateValue(RecordField(.null), forKey: middle) == nil)
    #expect(fields.updateValue(RecordField(.scalar(1)), forKey: middle) == RecordField(.null))
  }

  /// A record merged with one holding all its keys and more, the same keys, some of them or
  /// others: the merged fields are the written record's, and the rest stay.
  @Test(arguments: sizes) func aMergeWritesEveryFieldOfTheOtherAndKeepsTheRest(count: Int) {
    let keys = Self.keys(count)
    let old = StoreRecord(id: "A:1", typename: "A", fields: Dictionary(uniqueKeysWithValues: keys.map { ($0, RecordField(.scalar("old"))) }))
    let shapes: [[String]] = [keys + ["zz"], keys, Array(keys.prefix(count / 2)), ["aa", keys[count - 1], "zz"], []]
    for written in shapes {
      var merged = old
      merged.merge(StoreRecord(id: "A:1", fields: Dictionary(uniqueKeysWithValues: written.map { ($0, RecordField(.scalar("new"))) })))
      #expect(merged.typename == "A")
      #expect(merged.fields.keys == Set(keys + written).sorted())
      for key in keys + written {
        #expect(merged[key]?.value == .scalar(written.contains(key) ? "new" : "old"), "\(written) \(key)")
      }
    }
  }

  @Test func equalityAndHashIgnoreTheOrderFieldsWereWritten() {
    var forward = RecordFields()
    var backward = RecordFields()
    for key in Self.keys(12) { forward[key] = RecordField(.scalar(.string(key))) }
    for key in Self.keys(12).reversed() { backward[key] = RecordField(.scalar(.string(key))) }
    #expect(forward == backward)
    #expect(Set([forward, backward]).count == 1)
    backward[Self.keys(12)[0]] = RecordField(.null)
    #expect(forward != backward)
  }

  @Test func aLiteralKeepsTheLastOfARepeatedKeyAndIteratesInKeyOrder() {
    let fields: RecordFields = ["b": RecordField(.null), "a": RecordField(.scalar(1)), "b": RecordField(.scalar(2))]
    #expect(fields.map(\.key) == ["a", "b"])
    #expect(fields["b"] == RecordField(.scalar(2)))
    #expect(fields.values == [RecordField(.scalar(1)), RecordField(.scalar(2))])
  }

  @Test func aNormalizedRecordStoresEachSelectedFieldOnce() throws {
    let operation = query("Q", [
      object("viewer", "User", keys: ["User": ["id"]], [
        scalar("id", "ID", [.nonNull]), scalar("name", "String"), scalar("name", "String"),
      ]),
    ])
    let payload = try normalize(response: Array(#"{"data":{"viewer":{"__typename":"User","id":"1","name":"Ann"}}}"#.utf8), for: operation)
    let fields = try #require(payload.records["User:1"]).fields
    #expect(fields.keys == ["id", "name"])
    #expect(fields["name"] == RecordField(.scalar("Ann")))
  }
}
