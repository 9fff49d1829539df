import BatonNormalizer
import Foundation
import Testing
@testable import BatonStore

/// An operation's fetch as one value: what handles see of each state, and a task handed
/// only to the fetch it belongs to.
@Suite struct FetchLifecycleTests {
  static let began = Date(timeIntervalSince1970: 1_000)

  @Test func eachStateShowsAsItsFetchState() {
    let fetch = FetchLifecycle.Fetch(id: 1, since: Self.began)
    let next = Self.began.addingTimeInterval(2)
    let failure = FetchFailure(.transport, at: Self.began, message: "offline")
    #expect(FetchLifecycle.idle.state == .idle)
    #expect(FetchLifecycle.inFlight(fetch).state == .inFlight(since: Self.began))
    #expect(FetchLifecycle.retrying(fetch, attempt: 2, next: next).state == .retrying(attempt: 2, next: next))
    #expect(FetchLifecycle.failed(failure).state == .failed(failure))
    #expect(FetchLifecycle.retrying(fetch, attempt: 2, next: next).running?.id == 1)
    #expect(FetchLifecycle.failed(failure).running == nil)
  }

  @Test func aTaskGoesOnlyToItsOwnFetchWhetherInFlightOrRetrying() {
    let task = Task<Void, Never> {}
    var idle = FetchLifecycle.idle
    let launchedIdle = idle.launch(1, task: task)
    #expect(!launchedIdle)
    var other = FetchLifecycle.inFlight(FetchLifecycle.Fetch(id: 2, since: Self.began))
    let launchedOther = other.launch(1, task: task)
    #expect(!launchedOther && other.running?.task == nil)
    var retrying = FetchLifecycle.retrying(FetchLifecycle.Fetch(id: 1, since: Self.began), attempt: 2, next: Self.began)
    let launchedOwn = retrying.launch(1, task: task)
    #expect(launchedOwn && retrying.running?.task == task)
    // Still waiting to retry, since the fetch began.
    #expect(retrying.state == .retrying(attempt: 2, next: Self.began) && retrying.running?.since == Self.began)
  }
}
