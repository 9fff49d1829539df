import BatonHeal
import BatonNormalizer
import BatonStore
import BatonTesting
import EndToEndOperations
import Testing

/// The shipped policies, asked by a real environment about ARCHITECTURE.md §6's scenario (in
/// process; the end-to-end tests run it against the loopback server).
@Suite struct HealPolicyTests {
  /// The request a real environment makes when A's read of `Location:20` misses.
  static func recordedRequest() async throws -> HealRequest {
    let heal = RecordingHealPolicy(refetches: false)
    let scenario = try await MissingDataScenario(heal: heal)
    try await eventually("the heal request") { !heal.requests.isEmpty }
    #expect(scenario.transport.requestCount(operationName: "RickOrigin") == 1)
    return try #require(heal.requests.first)
  }

  @Test func theEnvironmentAsksOnceNamingTheOperationRecordAndFields() async throws {
    let heal = RecordingHealPolicy(refetches: false)
    let scenario = try await MissingDataScenario(heal: heal)
    try await eventually("the heal request") { !heal.requests.isEmpty }
    let request = try #require(heal.requests.first)
    #expect(request.operationName == "RickOrigin" && request.operationID == EndToEnd.RickOriginQuery.operationID)
    #expect(request.missing.map(\.kind) == [.missing, .missing])
    #expect(request.missing.map(\.owner) == [.fragment("OriginDetails"), .fragment("OriginDetails")])
    #expect(request.missing.map(\.record) == ["Location:20", "Location:20"])
    #expect(request.missing.map(\.field) == ["name", "dimension"])
    #expect(scenario.originName == "")
    #expect(scenario.origin.isStale)
    #expect(heal.requests.count == 1)
    #expect(scenario.transport.requestCount(operationName: "RickOrigin") == 1)
  }

  @Test func aPolicyThatSaysYesRefetchesOnceAndTheDataComesBack() async throws {
    let heal = RecordingHealPolicy()
    let scenario = try await MissingDataScenario(heal: heal)
    try await eventually("the heal refetch") { scenario.transport.requestCount(operationName: "RickOrigin") == 2 && !scenario.origin.fetch.isInFlight }
    #expect(scenario.originName == "Earth (C-137)")
    #expect(!scenario.origin.isStale)
    #expect(heal.requests.count == 1)
    #expect(scenario.environment.log.events.filter { $0.kind == .healRefetch }.count == 1)
  }

  /// `.default` sits in BatonHeal beside `.never`: neither needs the umbrella.
  @Test func theDefaultRefetchesOnceAndTheEnvironmentRaisesTheIssues() async throws {
    let log = RuntimeIssueRecorder()
    let scenario = try await RuntimeIssues.withHandler(log.handler) {
      let scenario = try await MissingDataScenario(heal: .default)
      try await eventually("the heal refetch") { scenario.transport.requestCount(operationName: "RickOrigin") == 2 && !scenario.origin.fetch.isInFlight }
      return scenario
    }
    #expect(scenario.originName == "Earth (C-137)")
    #expect(log.messages == ["name", "dimension"].map {
      "missing data: fragment OriginDetails read field \"\($0)\" of record Location:20, which is not in the store; "
        + "operation RickOrigin is stale and is refetched once."
    })
    #expect(log.issues.allSatisfy { $0.fileID == "EndToEndOperations/EndToEnd.OriginDetails.swift" })
  }

  /// An app that names no policy still heals: the environment's own default refetches once
  /// per fetch, as `.default` does.
  @Test func anEnvironmentMadeWithoutAPolicyRefetchesOncePerFetch() async throws {
    let scenario = try await MissingDataScenario(heal: nil)
    try await eventually("the heal refetch") { scenario.transport.requestCount(operationName: "RickOrigin") == 2 && !scenario.origin.fetch.isInFlight }
    #expect(scenario.originName == "Earth (C-137)")
    #expect(!scenario.origin.isStale)
    #expect(scenario.environment.log.events.filter { $0.kind == .healRefetch }.count == 1)
  }

  /// The shipped policies only answer; raising the issues is the environment's job.
  @Test func theShippedPoliciesAnswerAndRaiseNothingThemselves() async throws {
    let request = try await Self.recordedRequest()
    let log = RuntimeIssueRecorder()
    func answer(_ policy: some HealPolicy) -> Bool { policy.shouldRefetch(request) }
    let answers = RuntimeIssues.withHandler(log.handler) { [answer(.default), answer(.never)] }
    #expect(answers == [true, false])
    #expect(log.issues.isEmpty)
  }

  @Test(arguments: [true, false])
  func theRecordingPolicyAnswersAsToldAndRaisesNothing(refetches: Bool) async throws {
    let request = try await Self.recordedRequest()
    let heal = RecordingHealPolicy(refetches: refetches)
    let log = RuntimeIssueRecorder()
    let answers = RuntimeIssues.withHandler(log.handler) { [heal.shouldRefetch(request), heal.shouldRefetch(request)] }
    #expect(answers == [refetches, refetches])
    #expect(heal.requests == [request, request])
    #expect(log.issues.isEmpty)
  }

  /// Replacing the policy is one argument, and the issues raised in the environment's own
  /// fetch tasks reach the handler of the scope that started them.
  @Test func neverIsOneArgumentAndItsIssuesReachTheScopesHandler() async throws {
    let log = RuntimeIssueRecorder()
    let scenario = try await RuntimeIssues.withHandler(log.handler) {
      let scenario = try await MissingDataScenario(heal: .never)
      try await eventually("the runtime issues") { log.issues.count == 2 }
      return scenario
    }
    #expect(log.messages.first == "missing data: fragment OriginDetails read field \"name\" of record Location:20, which is not in "
      + "the store; operation RickOrigin is stale and is not refetched: the heal policy declined.")
    #expect(scenario.originName == "")
    #expect(scenario.origin.isStale)
    #expect(scenario.transport.requestCount(operationName: "RickOrigin") == 1)
    #expect(!scenario.environment.log.events.contains { $0.kind == .healRefetch })
  }
}
