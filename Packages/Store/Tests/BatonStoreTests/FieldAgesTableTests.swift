import BatonNormalizer
import Foundation
import Testing

@testable import BatonStore

/// The table of field fetch times: one time per commit, kept only while a field points at it.
@Suite struct FieldAgesTableTests {
  @Test func fieldsOfOneCommitShareItsTimeAndUnusedTimesGo() {
    var ages = FieldAges()
    ages.note([("A:1", "a", 10), ("A:1", "b", 20), ("B:1", "a", nil)], at: 100)
    #expect(ages.commitTimes == [100])
    #expect(ages.fields["B:1"] == nil)
    ages.note([("A:1", "a", nil)], at: 130)
    #expect(ages.commitTimes == [100, 130])
    #expect(ages.age(of: "A:1", field: "a")?.fetchedAt == Date(timeIntervalSince1970: 130))
    #expect(ages.age(of: "A:1", field: "a")?.maxAge == 10)
    ages.note([("A:1", "b", 5)], at: 140)
    ages.compact()
    #expect(ages.commitTimes == [130, 140])
    #expect(ages.age(of: "A:1", field: "b")?.fetchedAt == Date(timeIntervalSince1970: 140))
    ages.keepOnly(RecordSource())
    #expect(ages.isEmpty && ages.commitTimes.isEmpty)
  }

  @Test func aStoreNeverSavedKeepsBoundedTimes() {
    var ages = FieldAges()
    for second in 0..<5000 { ages.note([("A:1", "a", 60)], at: Double(second)) }
    #expect(ages.commitTimes.count < 1024)
    #expect(ages.age(of: "A:1", field: "a")?.fetchedAt == Date(timeIntervalSince1970: 4999))
  }
}
