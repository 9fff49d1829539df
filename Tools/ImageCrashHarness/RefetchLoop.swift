import BatonImage
@_spi(Development) import BatonNormalizer
import BatonStore
import BatonTransport
import EndToEndOperations
import Foundation
import Synchronization

/// `baton-image-crash-harness --refetch PATH START`: an environment over the image at PATH,
/// whose every save is durable before it returns, and a transport in this process that
/// answers each fetch with the next generation (START, START+1, ...) as Rick's name. It
/// watches Rick and refetches in a loop; after each awaited refetch it prints the
/// generation the handle shows ("ready" before the first). The refetch crash test
/// kills it at random moments: the file must then hold that generation or a later one.
enum RefetchLoop {
  /// Hands each image to the file and flushes it before returning: what was handed to
  /// persistence is then what a kill leaves.
  struct DurableImage: Persistence {
    let image: FileImage

    func load() throws -> StoreImage? { try image.load() }

    func save(_ image: StoreImage) throws {
      try self.image.save(image)
      self.image.flush()
    }

    func flush() { image.flush() }

    func report(to events: PersistenceEvents) { image.report(to: events) }

    func erase() throws { try image.erase() }
  }

  /// Answers at once, as a fast server on loopback would, so that a fetch may settle before
  /// the environment records its task.
  final class Generations: Transport {
    private let next: Mutex<Int>

    init(from start: Int) {
      next = Mutex(start)
    }

    func send(_ request: GraphQLRequest, in context: TransportContext) -> TransportReplies {
      let generation = next.withLock { next in
        defer { next += 1 }
        return next
      }
      let rick: JSONValue = [
        "__typename": "Character", "id": "1", "name": .string("generation \(generation)"),
        "origin": ["__typename": "Location", "id": "1", "name": "Earth (C-137)"],
      ]
      let body = Array(JSONWriter.string(["data": ["character": rick]]).utf8)
      return .payload { TransportPayload(body) }
    }
  }

  static func run(_ arguments: [String]) async -> Never {
    guard arguments.count == 2, let start = Int(arguments[1]) else {
      FileHandle.standardError.write(Data("usage: baton-image-crash-harness --refetch PATH START\n".utf8))
      exit(2)
    }
    do {
      let image = DurableImage(image: try FileImage(at: URL(fileURLWithPath: arguments[0]), debounce: .zero))
      let environment = GraphQLEnvironment(transport: Generations(from: start), persistence: image)
      let handle = environment.watch(EndToEnd.RickOriginNameQuery(id: "1"), policy: .networkOnly)
      var isReady = false
      while true {
        await handle.refetch()
        guard let name = handle.phase.data?.character?.name else {
          throw HarnessError("the handle shows no data after a refetch: \(handle.fetch)")
        }
        let line = "\(name.dropFirst("generation ".count))\n"
        FileHandle.standardOutput.write(Data(((isReady ? "" : "ready\n") + line).utf8))
        isReady = true
      }
    } catch {
      FileHandle.standardError.write(Data("baton-image-crash-harness: \(error)\n".utf8))
      exit(1)
    }
  }
}

/// Why the harness stopped.
struct HarnessError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
