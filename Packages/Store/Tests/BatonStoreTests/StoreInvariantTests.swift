import BatonNormalizer
import BatonTesting
import Foundation
import StoreTestOperations
import Testing
@testable import BatonStore

/// Each rule of `StoreState+Invariants` catches a state planted to break it, a state that
/// keeps the rules passes, and a debug build's every update checks them.
@Suite struct StoreInvariantTests {
  static func state(releaseBufferSize: Int = 10) -> StoreState {
    StoreState(image: nil, staleAfter: nil, persists: false, releaseBufferSize: releaseBufferSize)
  }

  static func image(_ name: String) -> OperationImage {
    OperationImage(operationID: name, name: name, variables: [:])
  }

  /// An operation held by handle `id` (allowing the network), registered both ways.
  static func hold(_ name: String, by id: Int, in state: inout StoreState) -> String {
    let image = image(name)
    var entry = state.operations[image.key] ?? OperationEntry(image: image)
    entry.holders.insert(id)
    entry.networkHolders += 1
    state.operations[image.key] = entry
    state.register(id, HandleRegistration(sink: nil, key: image.key, allowsNetwork: true))
    return image.key
  }

  static func broken(_ state: StoreState) -> Set<StoreState.Invariant> {
    Set(state.invariantViolations().map(\.invariant))
  }

  @Test func aStateThatKeepsTheRulesPasses() {
    var state = Self.state()
    for id in 1...8 { _ = Self.hold("Query\(id % 3)", by: id, in: &state) }
    state.releaseLoaded([Self.image("Released")])
    #expect(state.invariantViolations().isEmpty)
  }

  @Test func aHandleNotHoldingItsOperation() {
    var state = Self.state()
    state.register(1, HandleRegistration(sink: nil, key: "Nowhere", allowsNetwork: false))
    #expect(Self.broken(state) == [.handleHoldsItsOperation])
  }

  @Test func aHolderThatIsNoHandle() {
    var state = Self.state()
    let key = Self.hold("Query", by: 1, in: &state)
    state.operations[key]?.holders.insert(2)
    #expect(Self.broken(state) == [.holdersAreLiveHandles])
  }

  @Test func networkHoldersMiscounted() {
    var state = Self.state()
    let key = Self.hold("Query", by: 1, in: &state)
    state.operations[key]?.networkHolders = 2
    #expect(Self.broken(state) == [.networkHoldersCounted])
  }

  @Test func anUnheldOperationOutsideTheBuffer() {
    var state = Self.state()
    let image = Self.image("Query")
    state.operations[image.key] = OperationEntry(image: image)
    #expect(Self.broken(state) == [.releasedAreTheUnheld])
  }

  @Test func aHeldOperationInTheBuffer() {
    var state = Self.state()
    let key = Self.hold("Query", by: 1, in: &state)
    state.operations.released.append(key)
    #expect(Self.broken(state) == [.releasedAreTheUnheld])
  }

  @Test func aBufferOverItsSize() {
    var state = Self.state(releaseBufferSize: 1)
    for name in ["A", "B"] {
      let image = Self.image(name)
      state.operations[image.key] = OperationEntry(image: image)
      state.operations.released.append(image.key)
    }
    #expect(Self.broken(state) == [.releaseBufferBounded])
  }

  @Test func anUnheldOperationFetching() {
    var state = Self.state()
    state.releaseLoaded([Self.image("Query")])
    state.operations[Self.image("Query").key]?.lifecycle = .inFlight(FetchLifecycle.Fetch(id: 7, since: Date()))
    #expect(Self.broken(state) == [.unheldFetchNothing])
  }

  @Test func anImageNamingAHandleWithOtherSeenRecords() {
    var state = Self.state()
    let key = Self.hold("Query", by: 1, in: &state)
    _ = state.reindex(1, seen: .all(["Character:1"]))
    _ = state.operations[key]?.keepSeenRecords(["Character:1"], of: 1)
    #expect(state.invariantViolations().isEmpty)
    state.operations[key]?.image.seenRecords = ["Character:2"]
    #expect(Self.broken(state) == [.imageSeenIsItsHandles])
  }

  @Test func anIndexMissingARecordAReReadHandleSaw() {
    var state = Self.state()
    for id in 1...(StoreHandles.unindexedHandleLimit + 1) { _ = Self.hold("Query", by: id, in: &state) }
    _ = state.reindex(1, seen: .all(["Character:1"]))
    #expect(state.handles.index != nil && state.invariantViolations().isEmpty)
    state.handles[1]?.seen.insert("Character:2")
    #expect(Self.broken(state) == [.indexHoldsSeenRecords])
  }

  @Test func aWrittenLinkLeadingNowhere() {
    var state = Self.state()
    let link = StoreRecord(
      id: "Character:1", typename: "Character", fields: ["origin": RecordField(.link("Location:9"))])
    _ = state.commit(RecordSource([link]))
    #expect(Self.broken(state) == [.writtenLinksResolve])
    _ = state.commit(RecordSource([StoreRecord(id: "Location:9", typename: "Location")]))
    // The link resolves now, and a checked write is not looked at again.
    #expect(state.invariantViolations().isEmpty)
  }

  @Test func aHandleShowingAFetchThatEnded() {
    let environment = GraphQLEnvironment(transport: ScriptedTransport())
    let handle = environment.watch(CharacterDetail(id: "1"), policy: .storeOnly)
    #expect(environment.state.withLock { $0.invariantViolations() }.isEmpty)
    environment.state.withLock { state in
      state.operations[handle.key]?.lifecycle = .inFlight(FetchLifecycle.Fetch(id: 99, since: Date()))
    }
    #expect(Self.broken(environment.state.withLock { $0 }) == [.handlesShowTheirFetch])
  }

  @Test func everyUpdateChecksTheRules() {
    let environment = GraphQLEnvironment(transport: ScriptedTransport())
    let handle = environment.watch(CharacterDetail(id: "1"), policy: .storeOnly)
    environment.state.withLock { $0.operations[handle.key]?.networkHolders = 5 }
    let issues = Locked<[RuntimeIssue]>([])
    RuntimeIssues.withHandler({ issue in issues.withLock { $0.append(issue) } }) {
      environment.invalidateAll()
    }
    // Kept again before the handle goes, whose release is an update outside the handler.
    environment.state.withLock { $0.operations[handle.key]?.networkHolders = 0 }
    let messages = issues.withLock { $0 }.map(\.message)
    #expect(messages.contains { $0.contains("broke its invariant that an operation counts as network holders") })
  }
}
