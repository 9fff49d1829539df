import BatonNormalizer
import BatonStore
import Foundation

/// Images built in tests: every kind of value, error, operation state and outbox entry the
/// format has to carry.
enum SampleImages {
  static func everyKind() -> StoreImage {
    let user = StoreRecord(
      id: "User:1", typename: "User",
      fields: [
        "login": RecordField(.scalar("octocat")),
        "age": RecordField(.scalar(.number("42"))),
        "ratio": RecordField(.scalar(.number("1.0"))),
        "big": RecordField(.scalar(.number("12345678901234567890123"))),
        "admin": RecordField(.scalar(.bool(true))),
        "banned": RecordField(.scalar(.bool(false))),
        "bio": RecordField(.null),
        "settings": RecordField(.scalar(.object([JSONMember("z", .array([.null, .string("é ✓ 🎉")])), JSONMember("a", .number("-1e-3"))]))),
        "friends": RecordField(.list([.link("User:2"), .null, .list([.link("User:1")])])),
        "email": RecordField(
          .null,
          errors: [
            FieldError(message: "Not allowed", path: [], extensions: ["code": "FORBIDDEN", "retry": .bool(false)]),
            FieldError(message: "Deeper", path: [.key("address"), .index(3), .index(-1), .key("line")]),
          ]),
      ])
    let friend = StoreRecord(id: "User:2", typename: nil, fields: ["login": RecordField(.scalar(""))])
    let root = StoreRecord(
      id: .root, typename: "Query",
      fields: [#"user(id:"1")"#: RecordField(.link("User:1")), "viewer": RecordField(.link("User:2"))])
    let empty = StoreRecord(id: "client:root:empty", typename: "Empty", fields: [:])
    let operations = [
      OperationImage(
        operationID: "0f1e2d", name: "UserQuery", variables: ["id": "1", "filter": .object([JSONMember("q", .null)])],
        fetchedAt: Date(timeIntervalSince1970: 1_790_000_000.123456), isMarkedStale: false,
        seenRecords: [.root, "User:1", "User:2", "client:root:empty"],
        operationErrors: [FieldError(message: "Rate limited", path: [.key("user")], extensions: nil)]),
      OperationImage(operationID: "aa", name: "Never", fetchedAt: nil, isMarkedStale: true, seenRecords: [.root]),
    ]
    let renamed = StoreRecord(id: "User:1", typename: "User", fields: ["login": RecordField(.scalar("octocat (renamed)"))])
    let outbox = [
      OutboxEntry(
        id: "client-1", operationID: "bb", operationName: "RenameUser",
        document: "mutation RenameUser($id: ID!, $login: String!) { renameUser(id: $id, login: $login) { id login } }",
        variables: ["id": "1", "login": "octocat (renamed)"], optimisticRecords: RecordSource([renamed]),
        optimisticDeletions: ["User:2"]),
      OutboxEntry(id: "client-2", operationID: "cc", operationName: "", document: "mutation { ping }", variables: [:]),
    ]
    return StoreImage(records: RecordSource([user, friend, root, empty]), operations: operations, outbox: outbox)
  }
}
