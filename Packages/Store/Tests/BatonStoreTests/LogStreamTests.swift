@testable import BatonStore
import BatonNormalizer
import BatonTapes
import BatonTestServer
import BatonTesting
import Foundation
import StoreTestOperations
import Testing

/// `EnvironmentLog.stream()`: every event recorded after subscribing, in order, per subscriber.
@Suite(.serialized, .taped) struct LogStreamTests {
  static let shared = SharedServer()

  static func isTheFieldError(_ event: LogEvent) -> Bool {
    event.kind == .fieldError([FieldError(message: "type unavailable")]) && event.record == "Character:3"
      && event.field == "type"
  }

  @Test func twoSubscribersEachGetAFetchsEventsInOrder() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "fieldError", "target": "Character:3.type", "message": "type unavailable"])
    let environment = server.environment()
    let first = environment.log.stream()
    let second = environment.log.stream()
    _ = try await environment.fetch(NullOnError.CharacterDetailQuery(id: "3"), policy: .networkOnly)
    let logged = environment.log.events
    #expect(logged.contains(where: Self.isTheFieldError))
    for stream in [first, second] {
      let seen = try await stream.prefix(through: Self.isTheFieldError, within: .seconds(5))
      #expect(seen == Array(logged.prefix(seen.count)))
    }
  }

  @Test func aStreamGetsOnlyEventsRecordedAfterItSubscribed() async throws {
    let log = EnvironmentLog()
    log.record(LogEvent(.healSkipped("before")))
    let stream = log.stream()
    log.record([LogEvent(.healRefetch, field: "a"), LogEvent(.missing, field: "b")])
    let seen = try await stream.prefix(through: { $0.kind == .missing }, within: .seconds(5))
    #expect(seen == [LogEvent(.healRefetch, field: "a"), LogEvent(.missing, field: "b")])
  }

  @Test func endingTheSubscriptionStopsDelivery() async throws {
    let log = EnvironmentLog()
    let stream = log.stream()
    let consumer = Task {
      var seen: [LogEvent] = []
      for await event in stream { seen.append(event) }
      return seen
    }
    log.record(LogEvent(.missing, field: "before"))
    try await eventually("the stream is subscribed") { log.subscriberCount == 1 }
    try await Task.sleep(for: .milliseconds(100))
    consumer.cancel()
    let seen = await consumer.value
    try await eventually("the stream is unsubscribed") { log.subscriberCount == 0 }
    log.record(LogEvent(.missing, field: "after"))
    #expect(seen.allSatisfy { $0.field == "before" })
    #expect(log.subscriberCount == 0)
  }

  @Test func aStalledSubscriberKeepsOnlyTheNewestEvents() async throws {
    let log = EnvironmentLog()
    let stream = log.stream(bufferingNewest: 2)
    log.record((1...5).map { LogEvent(.missing, field: "\($0)") })
    let seen = try await stream.prefix(through: { $0.field == "5" }, within: .seconds(5))
    #expect(seen.map(\.field) == ["4", "5"])
    #expect(log.events.count == 5)
  }
}
