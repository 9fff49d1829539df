@_spi(Development) import BatonNormalizer
import Testing

/// A client extension field is not sent, so a response without it is whole; the store
/// keeps what the app wrote, and an unset one reads as unset without a `missing` event.
struct ClientExtensionReadTests {
  static let isFavorite = Selection.field(FieldSelection(
    name: "isFavorite", type: TypeReference("Boolean", .scalar, [.nonNull]), isClientExtension: true))
  static let operation = query("Favorite", [
    object("character", "Character", keys: ["Character": ["id"]], [scalar("id", "ID", [.nonNull]), isFavorite]),
  ])
  static let response = #"{"data":{"character":{"__typename":"Character","id":"1"}}}"#

  @Test func aResponseWithoutTheFieldIsWholeAndLeavesTheStoredValue() throws {
    let payload = try normalize(response: bytes(Self.response), for: Self.operation, variables: [:])
    #expect(payload.records["Character:1"]?["isFavorite"] == nil)

    var records = RecordSource([StoreRecord(id: "Character:1", typename: "Character", fields: ["isFavorite": RecordField(.scalar(true))])])
    records.merge(payload.records)
    #expect(records["Character:1"]?["isFavorite"]?.value == .scalar(true))
  }

  @Test func anUnsetFieldReadsItsZeroValueAndReportsNothing() throws {
    let payload = try normalize(response: bytes(Self.response), for: Self.operation, variables: [:])
    let result = read(payload.records, operation: Self.operation)
    #expect(result.events.isEmpty)
    #expect(!result.isMissingData)
    let character = try #require(result.data?.value("character", in: Self.operation.selections).objectValue)
    #expect(character.fields.contains(.scalar(false)))
  }

  @Test func aServerFieldStillMustBeInTheResponse() {
    let serverField = query("Favorite", [
      object("character", "Character", keys: ["Character": ["id"]], [scalar("id", "ID", [.nonNull]), scalar("name", "String", [.nonNull])]),
    ])
    #expect(throws: NormalizeError.self) { try normalize(response: bytes(Self.response), for: serverField, variables: [:]) }
  }
}
