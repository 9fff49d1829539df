import BatonNormalizer
@_spi(BatonDevelopment) import BatonStore
import BatonTransport
import Foundation

/// Live data: 10,000 subscription events, each renaming one of 1,000 characters, applied
/// while 1,000 handles watch one character each. The events come from an in-process
/// transport, so the figure is the store's (normalize, commit, precise re-read, typed read
/// back), not a socket's.
enum LiveBench {
  static let events = 10_000
  static let watchers = 1_000

  static let childCases: [String: BenchChild.Case] = [
    "live.events": { _ in try subscriptionEvents() }
  ]

  static func run() throws {
    let result = try BenchChild.run("live.events")
    print("\(events) subscription events (one record each) while \(watchers) handles watch, in its own process")
    printTable(
      ["case", "time", "events per second", "re-reads per event", "peak memory"],
      [[
        "apply \(events) events", String(format: "%.1f ms", result.seconds * 1000),
        String(format: "%.0f", Double(events) / result.seconds), "1 (checked: exactly the handle reading the record)",
        formatMB(result.peakBytes),
      ]])
    try LiveDeferBench.run()
  }

  static func subscriptionEvents() throws -> Double {
    let bodies = (0..<events).map { index -> [UInt8] in
      let id = index % watchers + 1
      return Array(#"{"data":{"characterUpdated":{"__typename":"Character","id":"\#(id)","name":"Renamed \#(index)"}}}"#.utf8)
    }
    let transport = ScriptedSubscriptionTransport(bodies: bodies)
    let environment = GraphQLEnvironment(transport: CannedTransport(body: []), subscriptionTransport: transport)
    for id in 1...watchers {
      try environment.commitPayload(
        CharacterNameQuery(id: String(id)),
        ["character": ["__typename": "Character", "id": .string(String(id)), "name": .string("Character \(id)")]])
    }
    let handles = (1...watchers).map { environment.watch(CharacterNameQuery(id: String($0)), policy: .storeOnly) }
    let before = handles.reduce(0) { $0 + $1.readCount }
    let start = Clock.now()
    let subscription = environment.subscribe(CharacterRenamedSubscription())
    let count = try StoreBench.blocking {
      for await snapshot in subscription.snapshots where snapshot.eventCount == events || snapshot.isFinished {
        return snapshot.eventCount
      }
      return subscription.snapshot.eventCount
    }
    let seconds = Clock.now() - start
    let rereads = handles.reduce(0) { $0 + $1.readCount } - before
    guard count == events else { throw BenchError(description: "\(count) of \(events) events arrived") }
    guard rereads == events else {
      throw BenchError(description: "\(rereads) re-reads for \(events) events: notification is not precise")
    }
    return seconds
  }
}

/// Gives every subscription the same scripted events at once, then completes it.
struct ScriptedSubscriptionTransport: SubscriptionTransport {
  let bodies: [[UInt8]]

  func subscribe(_ request: GraphQLRequest) -> AsyncThrowingStream<SubscriptionEvent, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: SubscriptionEvent.self, throwing: (any Error).self)
    continuation.yield(.connected)
    for body in bodies { continuation.yield(.next(body)) }
    continuation.finish()
    return stream
  }
}

/// `subscription CharacterRenamed { characterUpdated { __typename id name } }`.
struct CharacterRenamedSubscription: GraphQLOperation {
  typealias Data = DataObject

  static let document = "subscription CharacterRenamed { characterUpdated { __typename id name } }"
  static let operationID = "CharacterRenamed"
  static let operation = OperationDescriptor(
    name: "CharacterRenamed", kind: .subscription,
    selections: [
      .field(FieldSelection(
        name: "characterUpdated", type: TypeReference("Character", .object, [.nonNull]),
        selections: [
          CharactersPageQuery.leaf("__typename", "String"), CharactersPageQuery.leaf("id", "ID"),
          CharactersPageQuery.leaf("name", "String"),
        ], keyFields: ["Character": ["id"]]))
    ])

  var variables: [String: JSONValue] { [:] }

  static func makeData(_ root: DataObject, in source: RecordSource) throws -> DataObject { root }
}
