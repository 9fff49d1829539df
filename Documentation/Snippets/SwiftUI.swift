// Extracted from Documentation/SwiftUI.md by DocSnippetsTests: do not edit.
// BATON_UPDATE_SNIPPETS=1 swift test --filter DocSnippetsTests rewrites it.
import Baton
import BatonTesting
import Foundation
import RickAndMortyAPI
import Testing
#if canImport(SwiftUI)
import SwiftUI
#endif

// SwiftUI.md:16
func swiftUISnippet1(serverURL: URL) async throws {
  let environment = GraphQLEnvironment(
    transport: HTTPTransport(endpoint: serverURL), heal: .default, deliver: .mainActor)
  _ = environment
}

// SwiftUI.md:34
#if canImport(SwiftUI)

extension EnvironmentValues {
  /// The app's GraphQL environment; `nil` until the root sets it.
  @Entry var graphQL: GraphQLEnvironment? = nil
}

struct CharactersScene: Scene {
  let environment: GraphQLEnvironment

  var body: some Scene {
    WindowGroup {
      CharacterListScreen()
        .environment(\.graphQL, environment)
    }
  }
}
#endif

// SwiftUI.md:63
#if canImport(SwiftUI)

struct CharacterListScreen: View {
  @Environment(\.graphQL) private var graphQL
  @State private var handle: OperationHandle<RickAndMorty.CharacterListQuery>?
  var page = 1

  var body: some View {
    Group {
      if let handle {
        CharacterList(handle: handle)
      } else {
        ProgressView()
      }
    }
    .task(id: page) {
      handle = graphQL?.watch(RickAndMorty.CharacterListQuery(page: .value(page)))
    }
  }
}
#endif

// SwiftUI.md:96
#if canImport(SwiftUI)

struct CharacterList: View {
  let handle: OperationHandle<RickAndMorty.CharacterListQuery>

  var body: some View {
    switch handle.phase {
    case .loading:
      ProgressView()
    case .ready(let data):
      List {
        if let failure = handle.fetch.failure {
          Text("Could not refresh: \(failure.message)")  // the data below stays
        }
        if handle.isStale {
          Label("Last updated a while ago", systemImage: "clock")
        }
        ForEach(data.characters.results) { character in
          LabeledContent(character.name, value: character.type ?? "")
        }
      }
      .overlay(alignment: .top) {
        if handle.isRefreshing { ProgressView() }
      }
      .refreshable { await handle.refetch() }
    case .failed(let error):
      Text("No characters: \(String(describing: error))")
    }
  }
}
#endif

// SwiftUI.md:139

enum CharacterListPreviews {
  static let query = RickAndMorty.CharacterListQuery(page: .value(1))

  static func page(mortyType: JSONValue = "Grandson") -> PreviewResponse {
    PreviewResponse(data: [
      "characters": [
        "__typename": "CharacterPage",
        "results": [
          ["__typename": "Character", "id": "1", "name": "Rick Sanchez", "status": "Alive", "type": nil],
          ["__typename": "Character", "id": "2", "name": "Morty Smith", "status": "Alive", "type": mortyType],
        ],
      ]
    ])
  }

  /// Morty's type withheld by the server: null, with an error on that field.
  static let withheld = page(mortyType: nil).fieldError("Type withheld", at: "characters", "results", "1", "type")

  /// Morty's status not in the store: the heal refetches it.
  static let missingStatus: JSONValue = [
    "characters": [
      "__typename": "CharacterPage",
      "results": [
        ["__typename": "Character", "id": "1", "name": "Rick Sanchez", "status": "Alive", "type": nil],
        ["__typename": "Character", "id": "2", "name": "Morty Smith", "type": "Grandson"],
      ],
    ]
  ]
}

// SwiftUI.md:178
#if canImport(SwiftUI)

#Preview("Loading") {
  CharacterList(handle: GraphQLEnvironment.preview(CharacterListPreviews.query, .loading))
}

#Preview("Ready") {
  CharacterList(handle: GraphQLEnvironment.preview(CharacterListPreviews.query, .ready(CharacterListPreviews.page())))
}

#Preview("Refreshing") {
  CharacterList(handle: GraphQLEnvironment.preview(CharacterListPreviews.query, .refreshing(CharacterListPreviews.page())))
}

#Preview("Refresh failed") {
  CharacterList(
    handle: GraphQLEnvironment.preview(
      CharacterListPreviews.query, .refreshFailed(CharacterListPreviews.page(), .http(status: 500))))
}

#Preview("Stale") {
  CharacterList(handle: GraphQLEnvironment.preview(CharacterListPreviews.query, .staleByAge(CharacterListPreviews.page())))
}

#Preview("Field error") {
  CharacterList(handle: GraphQLEnvironment.preview(CharacterListPreviews.query, .ready(CharacterListPreviews.withheld)))
}

#Preview("Healing") {
  CharacterList(
    handle: GraphQLEnvironment.preview(CharacterListPreviews.query, .healing(missing: CharacterListPreviews.missingStatus)))
}

#Preview("Failed") {
  CharacterList(handle: GraphQLEnvironment.preview(CharacterListPreviews.query, .failed(.transport)))
}
#endif

// SwiftUI.md:221

@Test func theListPreviewsShowTheirStates() {
  let withheld = GraphQLEnvironment.preview(CharacterListPreviews.query, .ready(CharacterListPreviews.withheld))
  #expect(withheld.phase.data?.characters.results.map(\.name) == ["Rick Sanchez", "Morty Smith"])
  #expect(withheld.phase.data?.characters.results.map(\.type) == [nil, nil])
  #expect(withheld.fieldErrors.map(\.field) == ["type"])
  let healing = GraphQLEnvironment.preview(CharacterListPreviews.query, .healing(missing: CharacterListPreviews.missingStatus))
  #expect(healing.isRefreshing)
}

// SwiftUI.md:244

@Test func aGeneratedPageWithOneWithheldType() {
  let response = PreviewResponse.generated(for: CharacterListPreviews.query, values: ["CharacterStatus": "ALIVE"])
    .setting("Morty Smith", at: "characters", "results", "1", "name")
    .fieldError("Type withheld", at: "characters", "results", "1", "type")
  let handle = GraphQLEnvironment.preview(CharacterListPreviews.query, .ready(response))
  #expect(handle.phase.data?.characters.results.last?.name == "Morty Smith")
  #expect(handle.fieldErrors.map(\.field) == ["type"])
}

// SwiftUI.md:270

@Test func theFirstPageIsFetchedOnceAndShown() async throws {
  let transport = ScriptedTransport()
  transport.enqueue(.data(CharacterListPreviews.page().data))
  let environment = GraphQLEnvironment(transport: transport)
  let handle = environment.watch(RickAndMorty.CharacterListQuery(page: .value(1)))
  let data = try await handle.settledData()
  #expect(data.characters.results.map(\.name) == ["Rick Sanchez", "Morty Smith"])
  #expect(transport.requests.map(\.variables) == [["page": 1]])
}
