import Baton
import BatonTestServer
import BatonTesting
import EndToEndOperations
import Foundation
import TestPrerequisites
import Testing

/// An operation that selects no ids still writes the keyed records (the compiler added the
/// keys to the text sent), so it never moves another operation's links to records named
/// by path, which would read as missing data and heal for nothing.
@Suite(.serialized, .requires(.testServer)) struct KeyFieldsEndToEndTests {
  static let shared = SharedServer()

  @Test func anOperationWithoutIDsLeavesAnotherOperationsLinksWhereTheyWere() async throws {
    let server = try await Self.shared.fresh()
    let issues = RuntimeIssueRecorder()
    try await RuntimeIssues.withHandler(issues.handler) {
      let environment = server.environment(heal: .default)
      let a = environment.watch(EndToEnd.RickOriginQuery(id: "1"))
      try await a.settledData()

      let b = environment.watch(EndToEnd.RickOriginNameQuery(id: "1"), policy: .networkOnly)
      let names = try await b.settledData()
      #expect(names.character?.name == "Rick Sanchez")
      #expect(names.character?.origin?.name == "Earth (C-137)")
      // Long enough for a heal refetch the store wrongly started to reach the server.
      try await Task.sleep(for: .milliseconds(300))

      let view = OriginView(a.snapshot)
      #expect(view.name == "Earth (C-137)" && view.dimension == "Dimension C-137")
      #expect(!view.isStale)
      #expect(!environment.log.events.contains { $0.kind == .missing || $0.kind == .healRefetch })
      #expect(try await server.requestCount(operationName: "RickOrigin") == 1)
    }
    #expect(issues.messages.isEmpty)
  }
}
