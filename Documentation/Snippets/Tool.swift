// Extracted from Documentation/Tool.md by DocSnippetsTests: do not edit.
// BATON_UPDATE_SNIPPETS=1 swift test --filter DocSnippetsTests rewrites it.
import Baton
import Foundation
import RickAndMortyAPI

// Tool.md:158
/// An amount in whole cents, mapped in baton.json as `"scalars": { "Money": "Cents" }`.
struct Cents: Hashable, Sendable {
  var value: Int
}

extension Cents: RickAndMorty.CustomScalar {
  /// A value that is not a whole number reads as zero cents.
  init(jsonValue: JSONValue) {
    guard case .number(let text) = jsonValue, let value = Int(text) else {
      self.value = 0
      return
    }
    self.value = value
  }

  var jsonValue: JSONValue { .number(String(value)) }
}

// Tool.md:224
func toolSnippet2(environment: GraphQLEnvironment) async throws {
  let detail = RickAndMorty.CharacterDetailQuery.Data(character: .init(
    id: "1", name: "Rick Sanchez", status: .alive, species: .success("Human"),
    originDetails: RickAndMorty.OriginDetails(
      origin: .init(id: "1", name: "Earth (C-137)", dimension: "Dimension C-137"))))
  let unavailable = detail.withFieldError("species unavailable", at: ["character", "species"])
  print(unavailable.character?.species as Any)                 // failure(... species unavailable ...)
  try environment.commitPayload(RickAndMorty.CharacterDetailQuery(id: "1"), detail)
}
