// Extracted from Documentation/Inspector.md by DocSnippetsTests: do not edit.
// BATON_UPDATE_SNIPPETS=1 swift test --filter DocSnippetsTests rewrites it.
import Baton
import Foundation
import RickAndMortyAPI

// Inspector.md:139
func inspectorSnippet1(environment: GraphQLEnvironment) async throws {
  #if DEBUG
    print("inspector:", try environment.startInspector().url)   // http://127.0.0.1:<port>/
  #endif
}
