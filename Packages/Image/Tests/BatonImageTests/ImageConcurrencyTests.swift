import BatonNormalizer
import BatonStore
import BatonTestServer
import BatonTesting
import Foundation
import ImageTestOperations
import TestPrerequisites
import Testing
@testable import BatonImage

/// Saving while 50 fetches write to the store. Tools/test.sh also runs this suite under
/// `--sanitize=thread`.
@Suite(.serialized, .requires(.testServer)) struct ImageConcurrencyTests {
  static let shared = SharedServer()

  @Test func savingWhileFiftyFetchesWrite() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "fieldError", "target": "Character.type", "message": "flaky", "count": 5])
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let clock = ManualClock()
    let environment = server.environment(
      staleAfter: .seconds(300), clock: clock, persistence: try FileImage(at: url, debounce: .milliseconds(1)))
    let reader = try FileImage(at: url)

    let characters = (1...40).map { environment.watch(ImageTests.CharacterDetailQuery(id: String($0))) }
    let pages = (1...2).map { environment.watch(ImageTests.CharacterPageQuery(page: .value($0))) }
    let refetched = (1...8).map { environment.watch(ImageTests.CharacterDetailQuery(id: String($0)), policy: .networkOnly) }
    #expect(characters.count + pages.count + refetched.count == 50)

    // Meanwhile: flushes from another thread, and loads of whatever file is there.
    let stop = Flag()
    let loads = Task.detached {
      var loaded = 0
      while !stop.isSet {
        environment.flush()
        if let image = try reader.load() {
          #expect(image.operations.count <= 42)
          loaded += 1
        }
        try await Task.sleep(for: .milliseconds(2))
      }
      return loaded
    }
    for handle in characters { try await handle.settledData() }
    for handle in pages { try await handle.settledData() }
    for handle in refetched { try await handle.settledData() }
    stop.set()
    let loadedWhileFetching = try await loads.value
    #expect(loadedWhileFetching > 0)

    try await environment.flushUntilSaved(to: url)
    #expect(!environment.log.events.contains { if case .imageSaveFailed = $0.kind { true } else { false } })
    let relaunched = server.environment(
      staleAfter: .seconds(300), clock: clock, persistence: try FileImage(at: url))
    #expect(relaunched.records == environment.records)
    for handle in characters {
      let cached = relaunched.watch(handle.request, policy: .storeOnly)
      #expect(cached.phase.data == handle.phase.data)
      #expect(cached.fieldErrors == handle.fieldErrors)
    }
    #expect(Set(try directory.names()).isSubset(of: ["store.image", "store.image.log"]))
  }
}
