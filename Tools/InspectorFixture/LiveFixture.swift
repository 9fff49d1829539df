import Baton
import BatonTestServer
import Foundation
import InspectorStory

/// The live half of the fixture: the story's environment with the inspector started, and
/// a refetch on request so the browser test sees a new event arrive.
enum LiveFixture {
  static func run() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let story = try await InspectorStory.tell(on: server, imageURL: nil)
    let inspector = try story.environment.startInspector(port: 0)
    defer { inspector.stop() }
    say("inspector \(inspector.url.absoluteString)")
    while let line = readLine() {
      switch line.trimmingCharacters(in: .whitespaces) {
      case "refetch":
        await story.rick.refetch()
        say("refetched")
      default:
        say("unknown command")
      }
    }
  }

  /// One line on stdout at once: the browser test reads it through a pipe.
  static func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }
}
