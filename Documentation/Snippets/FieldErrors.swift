// Extracted from Documentation/FieldErrors.md by DocSnippetsTests: do not edit.
// BATON_UPDATE_SNIPPETS=1 swift test --filter DocSnippetsTests rewrites it.
import Baton
import Foundation
import RickAndMortyAPI

// FieldErrors.md:20
func fieldErrorsSnippet1(environment: GraphQLEnvironment) async throws {
  let network = environment.watch(RickAndMorty.CharacterDetailQuery(id: "1"), policy: .networkOnly)
  for await snapshot in network.snapshots where snapshot.phase.data != nil && !snapshot.fetch.isInFlight {
    break
  }
  // A later screen reads only the store, and sees the same error.
  let cached = environment.watch(RickAndMorty.CharacterDetailQuery(id: "1"), policy: .storeOnly)
  if case .failure(let errors)? = cached.phase.data?.character?.species {
    print(errors.errors.map(\.message))                   // ["species unavailable"]
  }
  for event in cached.fieldErrors {                        // errors no @catch caught
    print(event.owner, event.record, event.field ?? "")
  }
  let logged = environment.log.events.filter {
    if case .fieldError = $0.kind { return true }
    return false
  }
  print(logged)
}

// FieldErrors.md:54
func fieldErrorsSnippet2(environment: GraphQLEnvironment) async throws {
  for await event in environment.log.stream() {
    switch event.kind {
    case .fieldError, .missing, .unexpected, .requiredFieldMissing, .typenameChanged, .healRefetch: print("baton:", event)
    default: continue
    }
  }
}

// FieldErrors.md:67
#if canImport(os)
  import os

  /// Forwards Baton's log to the unified log for as long as the calling task runs.
  func forwardBatonLog(_ log: EnvironmentLog) async {
    let logger = Logger(subsystem: "com.example.rickandmorty", category: "Baton")
    for await event in log.stream() {
      logger.notice("\(event.description, privacy: .public)")
    }
  }
#endif
