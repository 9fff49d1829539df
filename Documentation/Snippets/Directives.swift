// Extracted from Documentation/Directives.md by DocSnippetsTests: do not edit.
// BATON_UPDATE_SNIPPETS=1 swift test --filter DocSnippetsTests rewrites it.
import Baton
import Foundation
import RickAndMortyAPI

// Directives.md:50
func directivesSnippet1(data: RickAndMorty.CharacterDetailQuery.Data) async throws {
  let character: RickAndMorty.CharacterDetailQuery.Data.Character? = data.character  // nullable in the schema
  let name: String? = character?.name                      // String! in the schema: String once there is a character
  let species: Result<String, RickAndMorty.FieldErrors>? = character?.species  // @catch
  let type: String? = character?.type                      // @catch(to: NULL)
  let origin: RickAndMorty.OriginDetails.Origin? = character?.originDetails.origin  // @semanticNonNull, no policy: optional
  let dimension: String? = origin?.dimension
  _ = (name, species, type, dimension)
}

// Directives.md:67
func directivesSnippet2(character: RickAndMorty.CharacterDetailQuery.Data.Character) async throws {
  switch character.species {
  case .success(let species): print(species)
  case .failure(let errors): print("species failed:", errors.errors.map(\.message))
  }
}

// Directives.md:132
func directivesSnippet3(data: RickAndMorty.CharacterWithCardQuery.Data) async throws {
  do {
    if let card = try data.character?.characterCard {
      let origin: RickAndMorty.CharacterCard.Origin = card.origin   // semantic non-null under the policy
      let dimension: String = origin.dimension                      // the same
      let type: String? = card.type                                 // nullable in the schema: still optional
      let species: Result<String, RickAndMorty.FieldErrors> = card.species
      print(origin.name, dimension, type ?? "no type", species)
    }
  } catch {
    print("the card has a field error:", error)             // a ReadFailure naming the fields
  }
}

// Directives.md:150
func directivesSnippet4(handle: OperationHandle<RickAndMorty.StrictCharacterQuery>) async throws {
  switch handle.phase {
  case .ready(let data):
    let dimension: String? = data.character?.origin.dimension   // only the character itself may be absent
    print(dimension ?? "no such character")
  case .failed(.read(.fieldErrors(let events))):
    print("fields with errors:", events.compactMap(\.field))
  case .failed(let error):
    print(error)
  case .loading:
    break
  }
}

// Directives.md:183
func directivesSnippet5(data: RickAndMorty.RequiredFieldsQuery.Data) async throws {
  if let character = data.character {        // nil when type (NONE) or location (LOG) is null
    let type: String = character.type
    let location: String = character.location.name
    if let origin = character.origin {       // @semanticNonNull, no policy: optional
      do {
        let dimension: String = try origin.dimension   // THROW: a String, or the accessor throws
        print(type, location, origin.name, dimension)
      } catch {
        print(type, location, origin.name, "no dimension:", error)   // ReadFailure.requiredFieldMissing(event)
      }
    }
  }
}
