import BatonStore
import Synchronization

/// An image kept in memory, so a test can make a second environment from the first's image.
final class MemoryPersistence: Persistence {
  private let image: Mutex<StoreImage?>
  private let saves = Mutex(0)

  init(_ image: StoreImage? = nil) {
    self.image = Mutex(image)
  }

  var saved: StoreImage? { image.withLock { $0 } }
  var saveCount: Int { saves.withLock { $0 } }

  func load() throws -> StoreImage? { image.withLock { $0 } }

  func save(_ image: StoreImage) throws {
    self.image.withLock { $0 = image }
    saves.withLock { $0 += 1 }
  }

  func flush() {}
}
