@_spi(Development) import BatonNormalizer
import BatonStore
import Testing

/// The generated types of `@defer` and `@stream` (Golden/RickAndMorty's Incremental.graphql)
/// read payloads in the incremental-delivery format graphql-core sends: a deferred spread or
/// inline fragment is `DeferredFragment` (pending, ready, failed), a streamed list is `Streamed`
/// (the items so far, and whether more come), and pending is never missing.
struct IncrementalTypesTests {
  /// Normalizes each payload in turn into one store, as the environment does, and reads
  /// the operation after the last.
  struct Delivery<Request: GraphQLOperation> {
    let request: Request
    var response: IncrementalResponse
    var store = RecordSource()

    init(_ request: Request) {
      self.request = request
      response = IncrementalResponse(operation: Request.operation, variables: request.variables)
    }

    mutating func receive(_ json: String) throws -> (data: Request.Data?, events: [ReadEvent]) {
      let payload = try response.normalize(Array(json.utf8), in: store)
      store.merge(payload.records)
      return read()
    }

    func read() -> (data: Request.Data?, events: [ReadEvent]) {
      let result = BatonNormalizer.read(store, operation: Request.operation, variables: request.variables)
      return (result.data.map { try? Request.makeData($0, in: store) } ?? nil, result.events)
    }
  }

  static let initial = """
    {"data":{"character":{"__typename":"Character","id":"1","name":"Rick Sanchez"}},
     "pending":[{"id":"0","path":["character"],"label":"badge"},{"id":"1","path":["character"],"label":"more"},
                {"id":"2","path":["character"],"label":"query DeferredCharacter #1"}],"hasNext":true}
    """

  @Test func deferredFragmentsArePendingNotMissing() throws {
    var delivery = Delivery(RickAndMorty.DeferredCharacterQuery(id: "1", withStatus: true))
    let (data, events) = try delivery.receive(Self.initial)
    let character = try #require(data?.character)
    let more: DeferredFragment<RickAndMorty.DeferredCharacterQuery.Data.Character.More> = character.more
    let badge: DeferredFragment<RickAndMorty.CharacterBadge> = character.characterBadge
    #expect(more == .pending)
    #expect(badge == .pending)
    #expect(character.deferred == .pending)
    #expect(character.name == "Rick Sanchez")
    #expect(events.isEmpty)
    #expect(delivery.response.hasNext)
    #expect(
      character.debugDescription
        == #"Character(id: "1", name: "Rick Sanchez", ...CharacterBadge @defer(badge): pending, @defer(more): pending, @defer(query DeferredCharacter #1): pending)"#)
  }

  @Test func eachPartBecomesReadyOrFailedAsItArrives() throws {
    var delivery = Delivery(RickAndMorty.DeferredCharacterQuery(id: "1", withStatus: true))
    _ = try delivery.receive(Self.initial)
    var (data, events) = try delivery.receive("""
      {"incremental":[{"id":"1","data":{"species":"Human","origin":{"__typename":"Location","id":"1","name":"Earth (C-137)"}}}],
       "completed":[{"id":"1"}],"hasNext":true}
      """)
    #expect(data?.character?.more.value?.species == "Human")
    #expect(data?.character?.more.value?.origin?.name == "Earth (C-137)")
    #expect(data?.character?.characterBadge == .pending)
    #expect(events.isEmpty)

    (data, events) = try delivery.receive("""
      {"incremental":[{"id":"2","data":{"status":"ALIVE"}}],"completed":[{"id":"2"},
       {"id":"0","errors":[{"message":"no badge","path":["character","name"]}]}],"hasNext":false}
      """)
    #expect(data?.character?.deferred.value?.status == .alive)
    guard case .failed(let errors)? = data?.character?.characterBadge else {
      Issue.record("the badge is \(String(describing: data?.character?.characterBadge))")
      return
    }
    #expect(errors.map(\.message) == ["no badge"])
    #expect(events.isEmpty)
    #expect(!delivery.response.hasNext)
    #expect(
      data?.character?.debugDescription
        == #"Character(id: "1", name: "Rick Sanchez", ...CharacterBadge @defer(badge): failed(["no badge"]), species: "Human", origin: Location(id: "1", name: "Earth (C-137)"), status: "ALIVE")"#)
  }

  /// Data whose deferred part is pending, failed or ready reads differently, so it is not
  /// equal (an `onChange(of: data)` sees the part arrive or fail), though the part's fields
  /// read nothing in the first two.
  @Test func dataWithAPendingPartIsNotEqualToDataWithItFailedOrReady() throws {
    let completion = #"{"id":"0","errors":[{"message":"no badge","path":["character","name"]}]}"#
    var pending = Delivery(RickAndMorty.DeferredCharacterQuery(id: "1", withStatus: true))
    let whilePending = try #require(try pending.receive(Self.initial).data)
    var failed = Delivery(RickAndMorty.DeferredCharacterQuery(id: "1", withStatus: true))
    _ = try failed.receive(Self.initial)
    let afterFailing = try #require(try failed.receive(#"{"completed":[\#(completion)],"hasNext":true}"#).data)
    #expect(whilePending.character?.characterBadge == .pending)
    #expect(whilePending != afterFailing)
    #expect(whilePending == pending.read().data)
    var again = Delivery(RickAndMorty.DeferredCharacterQuery(id: "1", withStatus: true))
    _ = try again.receive(Self.initial)
    let failedAgain = try #require(try again.receive(#"{"completed":[\#(completion)],"hasNext":true}"#).data)
    #expect(afterFailing == failedAgain)
    #expect(afterFailing.hashValue == failedAgain.hashValue)
  }

  /// `@catch` on a fragment holds when its spread is deferred: pending until the part comes,
  /// then the part's field error is the fragment's failure (RESULT) or `nil` (NULL), the
  /// same from cache.
  @Test func aDeferredFragmentWithCatchReadsItsErrorsAsTheFragmentsOnceItArrives() throws {
    var delivery = Delivery(RickAndMorty.DeferredCaughtCardsQuery(id: "1"))
    var (data, events) = try delivery.receive("""
      {"data":{"character":{"__typename":"Character","id":"1"}},
       "pending":[{"id":"0","path":["character"],"label":"caught"},{"id":"1","path":["character"],"label":"quiet"}],"hasNext":true}
      """)
    #expect(data?.character?.caughtCard.isPending == true)
    #expect(data?.character?.quietCard.isPending == true)
    #expect(events.isEmpty)

    (data, events) = try delivery.receive("""
      {"incremental":[{"id":"0","data":{"name":"Rick Sanchez","origin":null},
        "errors":[{"message":"origin unavailable","path":["character","origin"]}]}],
       "completed":[{"id":"0"},{"id":"1"}],"hasNext":false}
      """)
    let caught: DeferredFragment<Result<RickAndMorty.CaughtCard, RickAndMorty.FieldErrors>>? = data?.character?.caughtCard
    guard case .ready(.failure(let errors))? = caught else {
      Issue.record("the caught card read \(String(describing: caught)), not its error")
      return
    }
    #expect(errors.errors.map(\.message) == ["origin unavailable"])
    let quiet: DeferredFragment<RickAndMorty.QuietCard?>? = data?.character?.quietCard
    #expect(quiet == .ready(nil))
    #expect(events.isEmpty)
    let cached = delivery.read().data?.character
    #expect(cached?.caughtCard == caught)
    #expect(cached?.quietCard == quiet)
  }

  @Test func aFragmentNotDeferredByItsVariableIsReadyAtOnce() throws {
    var delivery = Delivery(RickAndMorty.DeferredCharacterQuery(id: "1", withStatus: false))
    let (data, events) = try delivery.receive("""
      {"data":{"character":{"__typename":"Character","id":"1","name":"Rick Sanchez","status":"ALIVE"}},
       "pending":[{"id":"0","path":["character"],"label":"badge"},{"id":"1","path":["character"],"label":"more"}],"hasNext":true}
      """)
    #expect(data?.character?.deferred.value?.status == .alive)
    #expect(data?.character?.more == .pending)
    #expect(events.isEmpty)
  }

  @Test func aResponseThatEndsEarlyFailsWhatIsStillPending() throws {
    var delivery = Delivery(RickAndMorty.DeferredCharacterQuery(id: "1", withStatus: true))
    _ = try delivery.receive(Self.initial)
    delivery.store.merge(delivery.response.abandon(in: delivery.store))
    guard case .failed(let errors)? = delivery.read().data?.character?.more else {
      Issue.record("not failed")
      return
    }
    #expect(errors.map(\.message) == ["The response ended before this part arrived."])
  }

  @Test func aStreamedListGrowsInOrderUntilComplete() throws {
    var delivery = Delivery(RickAndMorty.StreamedEpisodesQuery(id: "1"))
    var (data, events) = try delivery.receive("""
      {"data":{"character":{"__typename":"Character","id":"1","episodes":[{"__typename":"Episode","id":"1","name":"Pilot"}]}},
       "pending":[{"id":"0","path":["character","episodes"]}],"hasNext":true}
      """)
    let episodes: Streamed<RickAndMorty.StreamedEpisodesQuery.Data.Character.Episode>? = data?.character?.episodes
    #expect(episodes?.items.map(\.name) == ["Pilot"])
    #expect(episodes?.isComplete == false)
    #expect(data?.character?.debugDescription == #"Character(id: "1", episodes: [Episode(id: "1", name: "Pilot")] + pending)"#)
    (data, events) = try delivery.receive("""
      {"incremental":[{"id":"0","items":[{"__typename":"Episode","id":"2","name":"Lawnmower Dog"}]},
       {"id":"0","items":[{"__typename":"Episode","id":"3","name":"Anatomy Park"}]}],"hasNext":true}
      """)
    #expect(data?.character?.episodes.items.map(\.id) == ["1", "2", "3"])
    #expect(data?.character?.episodes.isComplete == false)
    (data, events) = try delivery.receive(#"{"completed":[{"id":"0"}],"hasNext":false}"#)
    #expect(data?.character?.episodes.isComplete == true)
    #expect(data?.character?.episodes.items.map(\.name) == ["Pilot", "Lawnmower Dog", "Anatomy Park"])
    #expect(data?.character?.debugDescription.hasSuffix(#"name: "Anatomy Park")])"#) == true)
    #expect(events.isEmpty)
  }

  @Test func aPayloadNamingAPartNeverPendingFailsSayingWhere() throws {
    var delivery = Delivery(RickAndMorty.DeferredCharacterQuery(id: "1", withStatus: true))
    _ = try delivery.receive(Self.initial)
    #expect {
      _ = try delivery.receive(#"{"incremental":[{"id":"9","data":{}}],"hasNext":false}"#)
    } throws: { error in
      (error as? NormalizeError)?.description == "Malformed response at incremental[0]: the entry's id \"9\" was never pending."
    }
  }
}
