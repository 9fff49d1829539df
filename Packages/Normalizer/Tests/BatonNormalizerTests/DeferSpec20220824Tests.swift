@_spi(Development) import BatonNormalizer
import Testing

/// `IncrementalResponse` reading Apollo's `deferSpec=20220824` format, which announces no
/// part: the parts under each payload's objects are pending from that payload on, each
/// entry's `path` and `label` name the part it completes, and one deferred on every item of
/// a list (as Apollo Router sends it) gets one entry per item.
@Suite struct DeferSpec20220824Tests {
  typealias Fixture = IncrementalResponseTests

  /// Each payload in turn into one store, and the response after the last.
  static func deliver(
    _ payloads: [String], for operation: OperationDescriptor
  ) throws -> (store: RecordSource, response: IncrementalResponse) {
    var response = IncrementalResponse(operation: operation)
    var store = RecordSource()
    for payload in payloads { store.merge(try response.normalize(Array(payload.utf8), in: store).records) }
    return (store, response)
  }

  static let initial = #"{"data":{"character":{"__typename":"Character","id":"1"}},"hasNext":true}"#

  @Test func theInitialPayloadLeavesEachDeferredFragmentUnderItsObjectsPending() throws {
    let (store, response) = try Self.deliver([Self.initial], for: Fixture.nested)
    #expect(response.format == .deferSpec20220824)
    #expect(store["Character:1"]?.fields["__defer:episodes"] == Fixture.pending)
  }

  @Test func aFragmentInsideAnArrivedOneIsPendingOnEachItemUntilItsOwnEntry() throws {
    let (store, response) = try Self.deliver([
      Self.initial,
      """
      {"hasNext":true,"incremental":[{"data":{"episodes":[{"__typename":"Episode","id":"1"},{"__typename":"Episode","id":"2"}]},
        "path":["character"],"label":"episodes"}]}
      """,
      #"{"hasNext":true,"incremental":[{"data":{"name":"Pilot"},"path":["character","episodes",0],"label":"name"}]}"#,
    ], for: Fixture.nested)
    #expect(store["Character:1"]?.fields["__defer:episodes"] == Fixture.complete)
    #expect(store["Episode:1"]?.fields["name"] == RecordField(.scalar("Pilot")))
    #expect(store["Episode:1"]?.fields["__defer:name"] == Fixture.complete)
    #expect(store["Episode:2"]?.fields["__defer:name"] == Fixture.pending)
    var ended = response
    let abandoned = ended.abandon(in: store)
    #expect(abandoned["Episode:2"]?.fields["__defer:name"]?.errors.map(\.message) == ["The response ended before this part arrived."])
    #expect(abandoned["Episode:1"] == nil)
  }

  /// A fragment whose fields the initial payload has was sent inline: it is not pending,
  /// and the fragments deferred inside it are.
  @Test func aFragmentSentInlineIsNotPendingButTheOnesInsideItAre() throws {
    let (store, _) = try Self.deliver([
      """
      {"data":{"character":{"__typename":"Character","id":"1","episodes":[{"__typename":"Episode","id":"1"}]}},"hasNext":true}
      """,
    ], for: Fixture.nested)
    #expect(store["Character:1"]?.fields["__defer:episodes"] != Fixture.pending)
    #expect(store["Episode:1"]?.fields["__defer:name"] == Fixture.pending)
  }

  /// The 2022 format sends a part whole at its own path, fields the initial payload shares
  /// with it and all (as the loopback server's 2022 mode recorded it).
  @Test func aPartSharingAnObjectWithTheInitialPayloadComesWholeAtItsPath() throws {
    let (store, _) = try Self.deliver([
      #"{"data":{"character":{"__typename":"Character","id":"1","origin":{"__typename":"Location","id":"1"}}},"hasNext":true}"#,
      """
      {"incremental":[{"data":{"origin":{"__typename":"Location","id":"1","name":"Earth (C-137)"},"species":"Human"},
        "path":["character"],"label":"more"}],"hasNext":false}
      """,
    ], for: Fixture.sharedObject)
    #expect(store["Location:1"]?.fields["name"] == RecordField(.scalar("Earth (C-137)")))
    #expect(store["Character:1"]?.fields["species"] == RecordField(.scalar("Human")))
    #expect(store["Character:1"]?.fields["__defer:more"] == Fixture.complete)
  }

  /// Apollo Router may send a fragment and the ones deferred inside it in one payload.
  @Test func aFragmentAndTheOneInsideItInOnePayloadAreBothReady() throws {
    let (store, _) = try Self.deliver([
      Self.initial,
      """
      {"hasNext":false,"incremental":[
        {"data":{"episodes":[{"__typename":"Episode","id":"1"}]},"path":["character"],"label":"episodes"},
        {"data":{"name":"Pilot"},"path":["character","episodes",0],"label":"name"}]}
      """,
    ], for: Fixture.nested)
    #expect(store["Character:1"]?.fields["__defer:episodes"] == Fixture.complete)
    #expect(store["Episode:1"]?.fields["name"] == RecordField(.scalar("Pilot")))
    #expect(store["Episode:1"]?.fields["__defer:name"] == Fixture.complete)
  }

  @Test func aNullDataFailsThePartWithItsErrors() throws {
    let (store, _) = try Self.deliver([
      Self.initial,
      """
      {"incremental":[{"data":null,"errors":[{"message":"no episodes","path":["character","episodes"]}],
        "path":["character"],"label":"episodes"}],"hasNext":false}
      """,
    ], for: Fixture.nested)
    #expect(store["Character:1"]?.fields["__defer:episodes"]?.errors.map(\.message) == ["no episodes"])
  }

  @Test func aStreamIsPendingUntilTheReplyEndsAndItsItemsGoOnInOrder() throws {
    let first = #"{"data":{"character":{"__typename":"Character","id":"1","quotes":[{"__typename":"Quote","text":"Wubba"}]}},"hasNext":true}"#
    let second = #"{"incremental":[{"items":[{"__typename":"Quote","text":"lubba"}],"path":["character","quotes",1],"label":"quotes"}],"hasNext":true}"#
    let (whileOpen, _) = try Self.deliver([first, second], for: Fixture.quotes)
    #expect(whileOpen["Character:1"]?.fields["__stream:quotes"] == Fixture.pending)
    let (ended, response) = try Self.deliver([first, second, #"{"hasNext":false}"#], for: Fixture.quotes)
    #expect(ended["Character:1"]?.fields["__stream:quotes"] == Fixture.complete)
    guard case .list(let links)? = ended["Character:1"]?.fields["quotes"]?.value else {
      Issue.record("no list of quotes")
      return
    }
    #expect(links.count == 2)
    #expect(!response.hasNext)
  }

  @Test func aNullItemsFailsTheStreamThoughTheEntryHasNoLabel() throws {
    let (store, _) = try Self.deliver([
      #"{"data":{"character":{"__typename":"Character","id":"1","quotes":[]}},"hasNext":true}"#,
      #"{"incremental":[{"items":null,"errors":[{"message":"stream broke"}],"path":["character","quotes",0]}],"hasNext":false}"#,
    ], for: Fixture.quotes)
    #expect(store["Character:1"]?.fields["__stream:quotes"]?.errors.map(\.message) == ["stream broke"])
  }

  /// A server that ignores `@defer` answers with one payload, the fragment's fields inline.
  @Test func aReplyThatIsOnePayloadLeavesNothingPending() throws {
    let (store, response) = try Self.deliver(
      [#"{"data":{"character":{"__typename":"Character","id":"1","episodes":[]}}}"#], for: Fixture.nested)
    #expect(response.format == nil)
    #expect(store["Character:1"]?.fields["__defer:episodes"] == Fixture.complete)
  }

  @Test func anEntryWithoutAPathFailsSayingWhere() throws {
    #expect {
      _ = try Self.deliver([Self.initial, #"{"incremental":[{"data":{},"label":"episodes"}],"hasNext":false}"#], for: Fixture.nested)
    } throws: { error in
      (error as? NormalizeError)?.description
        == #"Malformed response at incremental[0]: an incremental entry of the deferSpec=20220824 format needs a "path"."#
    }
  }
}
