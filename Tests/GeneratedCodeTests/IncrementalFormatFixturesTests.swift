@_spi(Development) import BatonNormalizer
import BatonTransport
import Foundation
import TestPrerequisites
import Testing

/// Replies in each incremental-delivery format, recorded in the shape each family of servers
/// sends its parts (`Fixtures/Incremental/<server>-<operation>.jsonl`, one part's JSON a
/// line): Apollo Router and Apollo Server (`deferSpec=20220824`: `path` and `label`, no
/// `pending`), graphql-js 17, graphql-core 3.3 and GraphQL Yoga (`pending`, `id`,
/// `completed`). In both, a deferred fragment reads pending until its part arrives, then
/// ready or failed, and nothing reads missing.
struct IncrementalFormatFixturesTests {
  enum PartState: Equatable, CustomStringConvertible {
    case pending, ready, failed

    init<Fragment>(_ fragment: DeferredFragment<Fragment>?) {
      switch fragment {
      case .pending?, nil: self = .pending
      case .ready?: self = .ready
      case .failed?: self = .failed
      }
    }

    var description: String {
      switch self {
      case .pending: "pending"
      case .ready: "ready"
      case .failed: "failed"
      }
    }
  }

  /// Each part of a recorded reply, as its server sent it.
  static func parts(_ fixture: String) throws -> [String] {
    let url = RepositoryRoot.url.appendingPathComponent("Tests/GeneratedCodeTests/Fixtures/Incremental/\(fixture).jsonl")
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
  }

  struct DeferredCase: CustomTestStringConvertible, Sendable {
    let fixture: String
    let format: IncrementalFormat
    /// The parts `more`, `badge` and `query DeferredCharacter #1` after each payload.
    let states: [[String]]
    var testDescription: String { fixture }
  }

  static let deferredCases = [
    DeferredCase(
      fixture: "apollo-router-DeferredCharacter", format: .deferSpec20220824,
      states: [["pending", "pending", "pending"], ["ready", "pending", "pending"], ["ready", "ready", "ready"]]),
    DeferredCase(
      fixture: "apollo-server-DeferredCharacter", format: .deferSpec20220824,
      states: [["pending", "pending", "pending"], ["failed", "pending", "pending"], ["failed", "ready", "ready"]]),
    DeferredCase(
      fixture: "graphql-js-17-DeferredCharacter", format: .pendingAndCompleted,
      states: [["pending", "pending", "pending"], ["ready", "pending", "pending"], ["ready", "ready", "ready"]]),
    DeferredCase(
      fixture: "graphql-core-DeferredCharacter", format: .pendingAndCompleted,
      states: [["pending", "pending", "pending"], ["failed", "ready", "ready"]]),
  ]

  @Test(arguments: deferredCases)
  func deferredFragmentsArePendingThenReadyOrFailedNeverMissing(_ recorded: DeferredCase) throws {
    var delivery = IncrementalTypesTests.Delivery(RickAndMorty.DeferredCharacterQuery(id: "1", withStatus: true))
    let parts = try Self.parts(recorded.fixture)
    #expect(parts.count == recorded.states.count)
    for (index, part) in parts.enumerated() {
      let (data, events) = try delivery.receive(part)
      let character = try #require(data?.character)
      let states = [PartState(character.more), PartState(character.characterBadge), PartState(character.deferred)]
      #expect(states.map(\.description) == recorded.states[index], "after part \(index)")
      #expect(!events.contains { $0.kind == .missing }, "after part \(index): \(events)")
      #expect(character.name == "Rick Sanchez")
    }
    #expect(delivery.response.format == recorded.format)
    #expect(!delivery.response.hasNext)
    let character = delivery.read().data?.character
    #expect(character?.characterBadge.value?.status == .alive)
    #expect(character?.deferred.value?.status == .alive)
    if case .ready(let more)? = character?.more {
      #expect(more.species == "Human")
      #expect(more.origin == nil)
    }
    if case .failed(let errors)? = character?.more {
      #expect(errors.map(\.message) == ["species unavailable"])
    }
  }

  struct StreamCase: CustomTestStringConvertible, Sendable {
    let fixture: String
    let format: IncrementalFormat
    /// The streamed list's item count after each payload; the last payload completes it.
    let counts: [Int]
    var testDescription: String { fixture }
  }

  static let streamCases = [
    StreamCase(fixture: "apollo-server-StreamedEpisodes", format: .deferSpec20220824, counts: [1, 2, 3, 3]),
    StreamCase(fixture: "graphql-core-StreamedEpisodes", format: .pendingAndCompleted, counts: [1, 3]),
    StreamCase(fixture: "yoga-StreamedEpisodes", format: .pendingAndCompleted, counts: [1, 2, 3, 3]),
  ]

  @Test(arguments: streamCases)
  func aStreamGrowsInOrderAndCompletesWithTheReply(_ recorded: StreamCase) throws {
    var delivery = IncrementalTypesTests.Delivery(RickAndMorty.StreamedEpisodesQuery(id: "2"))
    let parts = try Self.parts(recorded.fixture)
    #expect(parts.count == recorded.counts.count)
    for (index, part) in parts.enumerated() {
      let (data, events) = try delivery.receive(part)
      let episodes = try #require(data?.character?.episodes)
      #expect(episodes.items.count == recorded.counts[index], "after part \(index)")
      #expect(episodes.isComplete == (index == parts.count - 1), "after part \(index)")
      #expect(events.isEmpty, "after part \(index): \(events)")
    }
    #expect(delivery.response.format == recorded.format)
    #expect(delivery.read().data?.character?.episodes.items.map(\.name).prefix(3) == ["Pilot", "Lawnmower Dog", "Anatomy Park"])
  }

  /// `Accept` asks for exactly the formats the parser reads, each of which a recorded reply
  /// above proves: a format added to one and not the other fails here.
  @Test func acceptNamesExactlyTheFormatsTheParserReads() {
    let multipart = HTTPTransport.incrementalAccept.split(separator: ",")
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.lowercased().hasPrefix("multipart/mixed") }
    #expect(multipart == IncrementalFormat.allCases.map(\.acceptedMediaType))
    let proven = Set(Self.deferredCases.map(\.format) + Self.streamCases.map(\.format))
    #expect(proven == Set(IncrementalFormat.allCases))
  }
}
