import BatonNormalizer
import BatonStore
import BatonTestServer
import BatonTesting
import Foundation
import ImageTestOperations
import TestPrerequisites
import Testing
@testable import BatonImage

/// `flush()` covers every change made before it, whatever thread is still handing its
/// image over.
@Suite(.serialized, .requires(.testServer)) struct FlushTests {
  static let shared = SharedServer()

  @Test func aSaveUnderWayWhenFlushIsCalledIsOnDiskWhenItReturns() async throws {
    let server = try await Self.shared.fresh()
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("store.image")
    let persistence = try SlowSaves(FileImage(at: url, debounce: .seconds(3600)))
    let environment = server.environment(persistence: persistence)
    let handle = environment.watch(ImageTests.CharacterDetailQuery(id: "1"))
    try await handle.settledData()

    persistence.delay.withLock { $0 = .milliseconds(500) }
    let writing = Thread {
      environment.commitUpdate { records in records.setValue(.scalar("Rick II"), forKey: "name", on: "Character:1") }
    }
    writing.start()
    // Started, not under way at the poll: a poll the machine holds back past the 500 ms
    // still finds it, and flush then covers a save under way or one just finished.
    try await eventually("the write's save is under way") { persistence.slowSavesStarted.withLock { $0 } == 1 }
    environment.flush()

    #expect(try FileImage(at: url).load()?.records["Character:1"]?["name"]?.value == .scalar("Rick II"))
    #expect(try directory.names() == ["store.image"])
  }
}

/// A persistence whose saves take `delay` before handing the image on: a thread that is
/// slow to hand its image over, as a loaded machine makes one.
final class SlowSaves: Persistence {
  let image: FileImage
  let delay = Locked(Duration.zero)
  /// Saves that began with a delay, counted as they begin.
  let slowSavesStarted = Locked(0)

  init(_ image: FileImage) {
    self.image = image
  }

  func load() throws -> StoreImage? { try image.load() }

  func save(_ image: StoreImage) throws {
    let delay = self.delay.withLock { $0 }
    if delay > .zero {
      slowSavesStarted.withLock { $0 += 1 }
      Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
    }
    try self.image.save(image)
  }

  func flush() { image.flush() }

  func erase() throws { try image.erase() }
}
