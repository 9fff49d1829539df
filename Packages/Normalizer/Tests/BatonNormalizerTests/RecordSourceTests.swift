import Testing
import BatonNormalizer

@Suite struct RecordSourceTests {
  @Test func mergingWritesFieldByFieldAndKeepsTheRest() {
    var source = RecordSource([
      StoreRecord(id: "User:1", typename: "User", fields: ["name": RecordField(.scalar("Ann")), "age": RecordField(.scalar(3))]),
    ])
    source.merge(RecordSource([
      StoreRecord(id: "User:1", fields: ["name": RecordField(.null, errors: [FieldError(message: "gone")])]),
      StoreRecord(id: "User:2", typename: "User"),
    ]))
    #expect(source["User:1"] == StoreRecord(id: "User:1", typename: "User", fields: [
      "name": RecordField(.null, errors: [FieldError(message: "gone")]), "age": RecordField(.scalar(3)),
    ]))
    #expect(source.count == 2)
  }

  @Test func aRemovedRecordReadsAsMissingThroughItsLink() {
    let operation = query("Q", [object("viewer", "User", keys: ["User": ["id"]], [scalar("id", "ID", [.nonNull])])])
    var source = RecordSource([
      StoreRecord(id: .root, fields: ["viewer": RecordField(.link("User:1"))]),
      StoreRecord(id: "User:1", typename: "User", fields: ["id": RecordField(.scalar("1"))]),
    ])
    #expect(read(source, operation: operation).events.isEmpty)
    source.remove("User:1")
    let result = read(source, operation: operation)
    #expect(result.data?.fields == [.null])
    #expect(result.events.map(\.description) == ["missing: operation Q read record User:1, which is not in the store"])
  }

  @Test func recordIDsCompareByTheirText() {
    let built = RecordID("client:root:" + "viewer")
    #expect(built == "client:root:viewer")
    #expect(Set([built, RecordID("client:root:viewer")]).count == 1)
    #expect(RecordID("a") < RecordID("b"))
  }

  @Test func eventsNameTheOwnerTheRecordAndTheField() {
    let event = ReadEvent(.unexpected(expected: "a value of type Int", found: "a string"), owner: .fragment("Card"), record: "User:1", field: "age")
    #expect(event.description == #"unexpected: fragment Card read a string at field "age" of record User:1, expected a value of type Int"#)
  }
}
