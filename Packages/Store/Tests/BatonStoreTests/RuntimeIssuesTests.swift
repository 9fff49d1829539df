import BatonTestServer
import BatonTesting
import Testing
@testable import BatonStore

@Suite struct RuntimeIssuesTests {
  @Test func theLineNamesFileAndLineAndIsGreppable() {
    let issue = RuntimeIssue("missing data: x", fileID: "RickAndMortyAPI/RickAndMorty.OriginDetails.swift", line: 9)
    #expect(issue.description == "RickAndMortyAPI/RickAndMorty.OriginDetails.swift:9: runtime issue: Baton: missing data: x")
  }

  @Test func aHandlerReceivesTheIssueWithItsCallSite() {
    let log = RuntimeIssueRecorder()
    let line: UInt = #line + 1
    RuntimeIssues.withHandler(log.handler) { RuntimeIssues.report("something is off") }
    #expect(log.issues == [RuntimeIssue("something is off", fileID: "BatonStoreTests/RuntimeIssuesTests.swift", line: line)])
  }

  @Test func theHandlerLastsOnlyForItsScope() {
    #expect(RuntimeIssues.handler == nil)
    RuntimeIssues.withHandler({ _ in }) { #expect(RuntimeIssues.handler != nil) }
    #expect(RuntimeIssues.handler == nil)
  }

  @Test func theInnermostHandlerWins() {
    let outer = RuntimeIssueRecorder()
    let inner = RuntimeIssueRecorder()
    RuntimeIssues.withHandler(outer.handler) {
      RuntimeIssues.report("first")
      RuntimeIssues.withHandler(inner.handler) { RuntimeIssues.report("second") }
      RuntimeIssues.report("third")
    }
    #expect(outer.messages == ["first", "third"])
    #expect(inner.messages == ["second"])
  }

  @Test func tasksStartedInTheScopeReportToItsHandler() async {
    let log = RuntimeIssueRecorder()
    await RuntimeIssues.withHandler(log.handler) {
      await Task { RuntimeIssues.report("from an unstructured task") }.value
      await withTaskGroup(of: Void.self) { group in
        group.addTask { RuntimeIssues.report("from a child task") }
      }
    }
    #expect(log.messages.sorted() == ["from a child task", "from an unstructured task"])
  }

  @Test(arguments: [2, 8])
  func concurrentScopesKeepTheirIssuesApart(scopes: Int) async {
    let logs = (0..<scopes).map { _ in RuntimeIssueRecorder() }
    await withTaskGroup(of: Void.self) { group in
      for (number, log) in logs.enumerated() {
        group.addTask {
          await RuntimeIssues.withHandler(log.handler) {
            for round in 0..<3 {
              RuntimeIssues.report("scope \(number) round \(round)")
              await Task.yield()
            }
          }
        }
      }
    }
    for (number, log) in logs.enumerated() {
      #expect(log.messages == (0..<3).map { "scope \(number) round \($0)" })
    }
  }
}
