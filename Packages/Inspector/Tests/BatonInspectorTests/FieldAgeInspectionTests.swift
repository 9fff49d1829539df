import BatonInspector
import BatonNormalizer
import BatonStore
import Foundation
import Testing

/// The inspector shows each field's age where the field has a max age: when it was fetched,
/// how old it is, its max age, and whether it is past it; in the text, the JSON and the page.
@Suite struct FieldAgeInspectionTests {
  static let fetchedAt = Date(timeIntervalSince1970: 1_800_000_000)

  static func inspection() -> Inspection {
    var records = RecordSource()
    records.merge(StoreRecord(id: "Character:1", typename: "Character", fields: [
      "name": RecordField(.scalar("Rick Sanchez")), "status": RecordField(.scalar("Alive")),
      "species": RecordField(.scalar("Human")),
    ]))
    let ages = FieldAges(commitTimes: [fetchedAt.timeIntervalSince1970], fields: [
      "Character:1": ["status": .init(commit: 0, maxAge: 60), "species": .init(commit: 0, maxAge: 30)]
    ])
    let image = StoreImage(records: records, operations: [], fieldAges: ages)
    return Inspection(image: image, source: "test", now: fetchedAt.addingTimeInterval(45))
  }

  @Test func theTextGivesEachAgedFieldItsAgeAndWhetherItIsStale() {
    let text = Self.inspection().text
    #expect(text.contains(#"status: "Alive" (fetched 45 s ago, max age 60 s)"#))
    #expect(text.contains(#"species: "Human" (fetched 45 s ago, max age 30 s, stale)"#))
    #expect(text.contains(#"name: "Rick Sanchez""#) && !text.contains(#"name: "Rick Sanchez" ("#))
  }

  @Test func theJSONAndThePageCarryTheAge() throws {
    let inspection = Self.inspection()
    let json = try #require(try JSONSerialization.jsonObject(with: Data(inspection.json)) as? [String: Any])
    let record = try #require((json["records"] as? [[String: Any]])?.first)
    let fields = try #require(record["fields"] as? [String: [String: Any]])
    let status = try #require(fields["status"]?["age"] as? [String: Any])
    #expect(status["seconds"] as? Double == 45 && status["maxAge"] as? Double == 60)
    #expect(status["stale"] as? Bool == false)
    #expect((fields["species"]?["age"] as? [String: Any])?["stale"] as? Bool == true)
    #expect(fields["name"]?["age"] == nil)
    let page = String(decoding: inspection.html, as: UTF8.self)
    #expect(page.contains(#""label":"fetched 45 s ago, max age 30 s, stale""#))
  }
}
