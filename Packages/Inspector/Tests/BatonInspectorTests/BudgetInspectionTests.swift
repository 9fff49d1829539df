import Baton
import BatonInspector
import BatonTesting
import Foundation
import Testing

/// The inspector shows a live store's byte budget, its use and what it evicted.
@Suite struct BudgetInspectionTests {
  @Test func aLiveStoreShowsItsBudgetUseAndEvictions() throws {
    let maximumBytes = 2_000
    let environment = GraphQLEnvironment(transport: ScriptedTransport(), maximumBytes: maximumBytes)
    let source = EnvironmentSource(environment)
    #expect(source.inspection().text.contains("store: 0 bytes of a 2000 bytes budget, 0 records evicted"))

    // Records no operation reaches, each about 120 bytes: past the budget they go, as
    // garbage collection takes what no operation reaches.
    for id in 1...40 {
      environment.commitUpdate { updater in
        updater.setValue(.scalar(.string(String(repeating: "x", count: 100))), forKey: "note", on: RecordID("Note:\(id)"))
      }
    }
    let budget = environment.budget
    #expect(budget.evictedRecords > 0 && budget.bytes <= maximumBytes, "\(budget)")

    let inspection = source.inspection()
    #expect(inspection.budget == budget)
    #expect(inspection.text.contains(
      "store: \(budget.bytes) bytes of a 2000 bytes budget, \(budget.evictedRecords) records evicted"))
    let json = String(decoding: inspection.json, as: UTF8.self)
    #expect(json.contains(
      #""budget":{"maximumBytes":2000,"bytes":\#(budget.bytes),"evictedRecords":\#(budget.evictedRecords)}"#))
    #expect(inspection.timeline.contains { $0.category == "budget" && $0.message.hasPrefix("budgetEvicted: ") })
  }
}
