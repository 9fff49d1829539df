@_spi(Development) import BatonNormalizer
import BatonStore
import Foundation
import Testing

/// The Library target's `Condition`, whose schema has a value named `UNKNOWN`: that value is
/// a case like the others, apart from `__unknown`, the case for values this client was
/// built without; the enum lists its known cases and codes its raw GraphQL value.
struct GeneratedEnumTests {
  @Test func aSchemaValueNamedUnknownIsItsOwnCaseAndRoundTrips() {
    #expect(Library.Condition(rawValue: "UNKNOWN") == .unknown)
    #expect(Library.Condition.unknown.rawValue == "UNKNOWN")
    #expect(Library.Condition(rawValue: "LOST") == .__unknown("LOST"))
    #expect(Library.Condition.__unknown("LOST").rawValue == "LOST")
  }

  @Test func allCasesListsOnlyTheKnownCases() {
    #expect(Library.Condition.allCases == [.new, .worn, .unknown])
  }

  @Test(arguments: ["NEW", "UNKNOWN", "LOST"])
  func codableEncodesAndDecodesTheRawValue(_ raw: String) throws {
    let value = Library.Condition(rawValue: raw)
    let encoded = try JSONEncoder().encode([value])
    #expect(String(decoding: encoded, as: UTF8.self) == "[\"\(raw)\"]")
    #expect(try JSONDecoder().decode([Library.Condition].self, from: encoded) == [value])
  }

  @Test func aReadValueNamedUnknownReadsAsItsCase() throws {
    let response = """
      {"data": {"book": {"__typename": "Book", "id": "B1", "title": "Dune", "condition": "UNKNOWN",
        "isbn10": null, "isbn13": "9780441013593"}}}
      """
    let operation = Library.BookQuery(id: "B1")
    let payload = try normalize(response: Array(response.utf8), for: Library.BookQuery.operation, variables: operation.variables)
    let result = read(payload.records, operation: Library.BookQuery.operation, variables: operation.variables)
    let data = try #require(result.data.map { Library.BookQuery.makeData($0, in: payload.records) })
    #expect(data.book?.condition == .unknown)
  }
}
