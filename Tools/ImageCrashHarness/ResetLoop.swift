import BatonImage
import BatonStore
import BatonTransport
import Foundation
import ImageCrashSupport

/// `baton-image-crash-harness --reset PATH START`: saves `CrashImage` generation START,
/// START+1, ... through an environment's `FileImage`, flushing each, and resets the
/// environment after each, until it is killed; prints "ready" after the first reset. The
/// reset crash test kills it at random moments: the file must then be a whole image it
/// wrote, or absent, never part of one.
enum ResetLoop {
  /// The environment never fetches: it is there for `reset()`.
  struct NoTransport: Transport {
    func send(_ request: GraphQLRequest, in context: TransportContext) -> TransportReplies {
      .payload { throw TransportError(.transport, "the reset harness does not fetch") }
    }
  }

  static func run(_ arguments: [String]) -> Never {
    guard arguments.count == 2, let start = Int(arguments[1]) else {
      FileHandle.standardError.write(Data("usage: baton-image-crash-harness --reset PATH START\n".utf8))
      exit(2)
    }
    do {
      let image = try FileImage(at: URL(fileURLWithPath: arguments[0]), debounce: .zero)
      let environment = GraphQLEnvironment(transport: NoTransport(), persistence: image)
      var generation = start
      while true {
        try image.save(CrashImage.make(generation: generation))
        image.flush()
        environment.reset()
        if generation == start { FileHandle.standardOutput.write(Data("ready\n".utf8)) }
        generation += 1
      }
    } catch {
      FileHandle.standardError.write(Data("baton-image-crash-harness: \(error)\n".utf8))
      exit(1)
    }
  }
}
