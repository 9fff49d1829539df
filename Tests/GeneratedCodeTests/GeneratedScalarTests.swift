import BatonNormalizer
import Foundation
import Testing

/// Custom scalars mapped to Foundation's types and an app's own (`ScalarMappings.swift`),
/// public and internal: a builder takes them in every shape a field has, and the data
/// reads back the same values and gives the JSON a server sends.
struct GeneratedScalarTests {
  static let startsAt = Date(timeIntervalSince1970: 1_800_000_000)
  static let link = URL(string: "https://example.com/e/1")

  @Test func publicBuiltScalarsReadBackAndGiveTheirJSON() throws {
    let link = try #require(Self.link)
    let data = ScalarsPublic.EventQuery.Data(event: .init(
      id: "E1", startsAt: Self.startsAt, endsAt: .success(nil), price: Decimal(string: "12.50"), link: link,
      mirrors: [link], fee: Cents(250), fees: [[Cents(1), nil]]))
    let event = try #require(data.event)
    #expect(event.startsAt == Self.startsAt)
    #expect(event.price == Decimal(string: "12.5"))
    #expect(event.link == link)
    #expect(event.mirrors == [link])
    #expect(event.fee == Cents(250))
    #expect(event.fees == [[Cents(1), nil]])
    #expect(data.__response.data["event"]?["startsAt"] == .string("2027-01-15T08:00:00Z"))
    #expect(data.__response.data["event"]?["fees"] == .array([.array([.number("1"), .null])]))
  }

  @Test func internalBuiltScalarsReadBackWithACaughtError() throws {
    let link = try #require(Self.link)
    let caught = ScalarsInternal.FieldErrors(errors: [FieldError(message: "no end yet")])
    let data = ScalarsInternal.EventQuery.Data(event: .init(
      id: "E1", startsAt: Self.startsAt, endsAt: .failure(caught), link: link, fee: Cents(5)))
    let event = try #require(data.event)
    #expect(event.endsAt == .failure(caught))
    #expect(event.fee.value == 5)
    #expect(event.price == nil)
  }

  @Test func scalarVariablesGoAsTheirJSON() throws {
    let query = ScalarsPublic.EventsQuery(after: .value(Self.startsAt), prices: .value([Decimal(string: "0.1") ?? 0]))
    #expect(query.variables["after"] == .string("2027-01-15T08:00:00Z"))
    #expect(query.variables["prices"] == .array([.number("0.1")]))
  }
}
