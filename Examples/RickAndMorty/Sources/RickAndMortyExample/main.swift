import BatonTestServer
import Foundation

// `rick-and-morty-example`: Baton's honest-data story, told against the loopback server
// (Tools/test-server) with its Rick and Morty data. Each step prints one line starting
// `[N]` with what a view would show; Tools/test.sh checks those lines. Exits 1, saying
// why on stderr, when a step does not see what it waits for.

do {
  let server = try TestServer()
  defer { server.stop() }
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("rick-and-morty-example-\(ProcessInfo.processInfo.processIdentifier)")
  defer { try? FileManager.default.removeItem(at: folder) }
  try await Story(server: server, imageURL: folder.appendingPathComponent("rickandmorty.image")).tell()
} catch {
  FileHandle.standardError.write(Data("rick-and-morty-example: \(error)\n".utf8))
  exit(1)
}
