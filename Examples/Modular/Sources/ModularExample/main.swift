import AppSchema
import Baton
import BatonTesting
import CharacterFeature
import EpisodeFeature
import Foundation

// `modular-example`: an app in modules. AppSchema holds the schema's types (generated from
// its baton.json, no documents), CharacterFeature a query and the CharacterSummary
// fragment, EpisodeFeature a query that spreads CharacterSummary. Each prints one `[N]`
// line; Tools/test.sh compares them with expected-output.txt. The answers are scripted,
// so it needs no server.

let rick: JSONValue = ["__typename": "Character", "id": "1", "name": "Rick Sanchez", "status": "ALIVE", "species": "Human"]
let morty: JSONValue = ["__typename": "Character", "id": "2", "name": "Morty Smith", "status": "ALIVE", "species": "Human"]
let transport = ScriptedTransport()
transport.enqueue(.data(["character": rick]), for: "CharacterProfile")
transport.enqueue(
  .data(["episode": ["__typename": "Episode", "id": "1", "code": "S01E01", "name": "Pilot", "characters": [rick, morty]]]),
  for: "EpisodeCast")
let environment = GraphQLEnvironment(transport: transport)

do {
  let profile = try await environment.fetch(Characters.CharacterProfileQuery(id: "1"))
  guard let character = profile.character else { throw ExampleError("no character 1") }
  print("[1] character screen (CharacterFeature): \(character.characterSummary.line)")

  let cast = try await environment.fetch(Episodes.EpisodeCastQuery(id: "1"))
  guard let episode = cast.episode, let first = episode.characters.first else { throw ExampleError("no episode 1") }
  print("[2] episode screen (EpisodeFeature): \(episode.headline): \(episode.castLines.joined(separator: ", "))")

  // The same fragment over the same record, read through each module's operation.
  print("[3] the same summary through both modules: \(character.characterSummary == first.characterSummary)")

  // One enum: the status the character feature's fragment reads and the one the episode
  // feature selects itself are values of AppSchema's type, not one copy per module.
  let statusTypes: [Any.Type] = [type(of: character.characterSummary.status), type(of: first.status), API.CharacterStatus.self]
  let oneType = Set(statusTypes.map(ObjectIdentifier.init)).count == 1
  print("[4] CharacterStatus is one type in both modules: \(oneType) (\(String(reflecting: statusTypes[0])))")
} catch {
  FileHandle.standardError.write(Data("modular-example: \(error)\n".utf8))
  exit(1)
}

/// A step that did not see what it expected.
struct ExampleError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) { self.description = description }
}
