import BatonImage
import BatonTestServer
import Foundation
import InspectorStory

// baton-inspector-fixture: the stores the inspector's browser test (Tools/inspector/
// browser_test.py) looks at, filled by the loopback server.
//
//   baton-inspector-fixture story IMAGE              tells InspectorStory, writes its image
//   baton-inspector-fixture pages IMAGE              the same with two pages of a list
//   baton-inspector-fixture replicate IMAGE N OUT    copies IMAGE's records to N or more
//   baton-inspector-fixture live                     tells the story, starts the live
//       inspector, prints its URL; then reads commands from stdin, one a line:
//       `refetch` refetches Rick and prints `refetched`; end of input stops.

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("baton-inspector-fixture: \(message)\n".utf8))
  exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  switch arguments.first {
  case "story" where arguments.count == 2:
    let server = try TestServer()
    defer { server.stop() }
    _ = try await InspectorStory.tell(on: server, imageURL: URL(fileURLWithPath: arguments[1]))
  case "pages" where arguments.count == 2:
    let server = try TestServer()
    defer { server.stop() }
    _ = try await InspectorStory.tell(on: server, imageURL: URL(fileURLWithPath: arguments[1]), pages: true)
  case "replicate" where arguments.count == 4:
    guard let count = Int(arguments[2]), count > 0 else { fail("N must be a positive number, not '\(arguments[2])'.") }
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: arguments[1])))
    let image = try FileImage.decode(bytes).replicated(toAtLeast: count)
    try Data(FileImage.encode(image)).write(to: URL(fileURLWithPath: arguments[3]))
  case "live" where arguments.count == 1:
    try await LiveFixture.run()
  default:
    fail("usage: story IMAGE | pages IMAGE | replicate IMAGE N OUT | live")
  }
} catch {
  fail("\(error)")
}
