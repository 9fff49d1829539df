import BatonImage
import BatonStore
import Foundation
import ImageCrashSupport

/// `baton-image-crash-harness --changes PATH START`: saves `ChangingCrashImage` state
/// START whole, then the change to each next state (START+1, ...), flushing each, until it
/// is killed; prints "ready" after the first flush. Most changes append a frame to the
/// change log, some compact it into a whole image. The crash test kills it at random
/// moments: the files must then load as a state it saved, no older than the last flushed.
enum ChangeLoop {
  static func run(_ arguments: [String]) -> Never {
    guard arguments.count == 2, let start = Int(arguments[1]) else {
      FileHandle.standardError.write(Data("usage: baton-image-crash-harness --changes PATH START\n".utf8))
      exit(2)
    }
    do {
      let image = try FileImage(at: URL(fileURLWithPath: arguments[0]), debounce: .zero)
      try image.save(ChangingCrashImage.make(generation: start))
      image.flush()
      FileHandle.standardOutput.write(Data("ready\n".utf8))
      var generation = start + 1
      while true {
        // A failed write is thrown by the next save, which ends the harness.
        try image.save(ChangingCrashImage.change(to: generation))
        image.flush()
        generation += 1
      }
    } catch {
      FileHandle.standardError.write(Data("baton-image-crash-harness: \(error)\n".utf8))
      exit(1)
    }
  }
}
