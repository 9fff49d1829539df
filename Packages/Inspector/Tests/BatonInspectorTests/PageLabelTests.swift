import BatonInspector
import BatonNormalizer
import BatonStore
import Foundation
import Testing

/// The page's head names each record as a person knows it, so the page can show
/// `Person "Luke Skywalker" · Person:UGVvcGxlOjE=` where the id alone says nothing.
@Suite struct PageLabelTests {
  @Test func theHeadCarriesEachRecordsNameOrTitle() throws {
    var records = RecordSource()
    records.merge(StoreRecord(id: "Person:UGVvcGxlOjE=", typename: "Person", fields: ["name": RecordField(.scalar("Luke Skywalker"))]))
    records.merge(StoreRecord(
      id: "Film:ZmlsbXM6MQ==", typename: "Film", fields: ["name": RecordField(.null), "title": RecordField(.scalar("A New Hope"))]))
    records.merge(StoreRecord(id: "Planet:cGxhbmV0czox", typename: "Planet", fields: ["name": RecordField(.scalar(""))]))
    records.merge(StoreRecord(id: "client:root", typename: "Query", fields: ["film": RecordField(.link("Film:ZmlsbXM6MQ=="))]))
    let inspection = Inspection(image: StoreImage(records: records), source: "test")
    let head = try #require(try JSONSerialization.jsonObject(with: Data(inspection.pageHead)) as? [String: Any])
    let ids = try #require(head["ids"] as? [String])
    let labels = try #require(head["labels"] as? [Any])
    #expect(labels.count == ids.count)
    let named = Dictionary(uniqueKeysWithValues: zip(ids, labels.map { $0 as? String }))
    #expect(named == [
      "Person:UGVvcGxlOjE=": "Luke Skywalker", "Film:ZmlsbXM6MQ==": "A New Hope", "Planet:cGxhbmV0czox": nil, "client:root": nil,
    ])
  }
}
