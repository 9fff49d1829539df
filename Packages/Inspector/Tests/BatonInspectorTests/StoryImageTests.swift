import BatonCLI
import BatonTestServer
import Foundation
import InspectorStory
import TestPrerequisites
import Testing

/// `baton inspect` on the image the story leaves (Done-when 1): the stale operation, the
/// stored field error and the healed origin, as text and as JSON.
@Suite(.serialized, .requires(.testServer)) struct StoryImageTests {
  static let shared = SharedServer()

  /// Tells the story into an image file and runs `baton inspect` on it with `arguments`.
  static func inspect(_ arguments: [String]) async throws -> (CommandOutput, ExitCode, URL) {
    let server = try await shared.fresh()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inspector-\(UUID().uuidString)")
    let url = directory.appendingPathComponent("story.image")
    _ = try await InspectorStory.tell(on: server, imageURL: url)
    var output = CommandOutput()
    let code = Baton.run(["inspect", url.path] + arguments, output: &output)
    return (output, code, directory)
  }

  @Test func theTextShowsTheStaleOperationTheFieldErrorAndTheHealedOrigin() async throws {
    let (output, code, directory) = try await Self.inspect([])
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(code == .success, "\(output.standardError)")
    let text = output.standardOutput
    // Morty's operation, marked stale by the invalidation, says so and why.
    let morty = try #require(text.range(of: "  CharacterDetail {\"id\":\"2\"}\n"))
    let mortyLines = text[morty.upperBound...].split(separator: "\n").prefix(2)
    #expect(mortyLines.last?.hasPrefix("    STALE: Marked stale by invalidate(record:)") == true, "\(mortyLines)")
    // The stored field error beside Morty's species, with its extensions.
    #expect(text.contains("  Character:2 (Character)"))
    #expect(text.contains("    species: null\n      ERROR \"species unavailable\" extensions {\"code\":\"UNAVAILABLE\"}"), "\(text)")
    // The healed origin: Rick links to Location:20, which holds the name the heal brought.
    #expect(text.contains("    origin: → Location:20"))
    #expect(text.contains("  Location:20 (Location)\n    dimension: \"Replacement Dimension\"\n    id: \"20\"\n    name: \"Earth (Replacement Dimension)\""), "\(text)")
    // Rick's read tree goes through the new origin.
    #expect(text.contains("character(id:\"1\") → Character:1\n          origin → Location:20"), "\(text)")
    #expect(text.contains("TYPES\n"))
  }
}
