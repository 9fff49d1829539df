// An app's file as Xcode 26 writes one: Foundation and Baton imported together, a
// main-actor screen model that watches an operation, and a nonisolated function that reads
// its data. Tools/compile-matrix.sh compiles it, with the generated code it imports, in
// every isolation setup an app target may have; `GENERATED_MODULE` is replaced there.
import Baton
import Foundation
import GENERATED_MODULE

@MainActor
final class CharacterScreen {
  let handle: OperationHandle<RickAndMorty.CharacterDetailQuery>
  /// Foundation's `Operation` stays unambiguous beside Baton's names.
  var pending: [OperationDescriptor] = []

  init(environment: GraphQLEnvironment) {
    handle = environment.watch(RickAndMorty.CharacterDetailQuery(id: "1"))
  }

  var title: String {
    guard case .ready(let data) = handle.phase else { return "" }
    return CharacterSummary.line(for: data)
  }

  func follow() async -> String {
    for await snapshot in handle.snapshots {
      if case .ready(let data) = snapshot.phase { return CharacterSummary.line(for: data) }
    }
    return ""
  }
}

enum CharacterSummary {
  nonisolated static func line(for data: RickAndMorty.CharacterDetailQuery.Data) -> String {
    guard let character = data.character else { return "no such character" }
    return "\(character.name) from \(character.originDetails.origin?.name ?? "nowhere")"
  }
}

nonisolated func operationName(_ descriptor: OperationDescriptor) -> String { descriptor.name }

nonisolated func describeQuery() -> String {
  operationName(RickAndMorty.CharacterDetailQuery.operation)
}
