// baton-image-crash-harness PATH START: saves `CrashImage` generations START, START+1, ...
// to the image at PATH through `FileImage`, flushing each, until it is killed. After the
// first flush it prints "ready" so a test knows writes are under way. The crash-safety test
// kills it with SIGKILL at random moments and checks the file it leaves. It never loads
// the file: judging what a crash left is the test's job. `--reset` and `--refetch` run the
// loops of the reset and refetch crash tests (ResetLoop, RefetchLoop), `--changes` the
// change log's (ChangeLoop).

import BatonImage
import Foundation
import ImageCrashSupport

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--reset" { ResetLoop.run(Array(arguments.dropFirst())) }
if arguments.first == "--refetch" { await RefetchLoop.run(Array(arguments.dropFirst())) }
if arguments.first == "--changes" { ChangeLoop.run(Array(arguments.dropFirst())) }
guard arguments.count == 2, let start = Int(arguments[1]) else {
  FileHandle.standardError.write(Data("usage: baton-image-crash-harness PATH START\n".utf8))
  exit(2)
}
do {
  let image = try FileImage(at: URL(fileURLWithPath: arguments[0]), debounce: .zero)
  var generation = start
  while true {
    // A failed write is thrown by the next save, which ends the harness.
    try image.save(CrashImage.make(generation: generation))
    image.flush()
    if generation == start { FileHandle.standardOutput.write(Data("ready\n".utf8)) }
    generation += 1
  }
} catch {
  FileHandle.standardError.write(Data("baton-image-crash-harness: \(error)\n".utf8))
  exit(1)
}
