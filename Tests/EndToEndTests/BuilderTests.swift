import Baton
import BatonTestServer
import EndToEndOperations
import Foundation
import TestPrerequisites
import Testing

/// Generated builders against the loopback server: data built from values is `==` to the
/// data a fetch of the same response reads, field errors included, and gives back the
/// response it stands for.
@Suite(.serialized, .requires(.testServer)) struct BuilderTests {
  static let shared = SharedServer()
  typealias Query = EndToEnd.BuiltCharacterQuery

  /// Rick as the dataset has him, his episodes and the search results taken from the
  /// fetch (ten episodes, three results): every other value is written out here.
  static func rick(
    name: Result<String, EndToEnd.FieldErrors> = .success("Rick Sanchez"), status: EndToEnd.CharacterStatus = .alive,
    like fetched: Query.Data
  ) throws -> Query.Data {
    let character = try #require(fetched.character)
    return Query.Data(
      character: .init(
        id: "1", name: name, status: status, created: EndToEnd.DateTime(jsonValue: "2017-11-04T18:48:46.250Z"),
        episodes: character.episodes.map { .init(id: $0.id, name: $0.name) },
        originDetails: EndToEnd.OriginDetails(origin: .init(id: "1", name: "Earth (C-137)", dimension: "Dimension C-137"))),
      search: fetched.search.map { result in
        // The type cases' `id` is a key field the compiler added: the builder takes it, the data hides it.
        let id = result.__response.data["id"]?.stringValue ?? ""
        return .init(
          __typename: result.__typename, asCharacter: result.asCharacter.map { .init(name: $0.name, id: id) },
          asLocation: result.asLocation.map { .init(dimension: $0.dimension, id: id) })
      })
  }

  @Test func builtDataEqualsFetchedData() async throws {
    let server = try await Self.shared.fresh()
    let fetched = try await server.environment().fetch(Query(id: "1", text: "Rick"), policy: .networkOnly)
    let built = try Self.rick(like: fetched)
    #expect(built == fetched)
    #expect(built.hashValue == fetched.hashValue)
    #expect(built.character?.originDetails.origin?.dimension == "Dimension C-137")
    #expect(built.character?.type == nil)
    #expect(built.__response == fetched.__response)
    #expect(fetched.search.contains { $0.asCharacter?.name == "Rick Sanchez" })

    #expect(try Self.rick(status: .dead, like: fetched) != fetched)
  }

  /// The search finds locations only: Rick is not among its results, whose `name` has no `@catch`.
  @Test func aCaughtFieldErrorIsPartOfBuiltData() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "fieldError", "target": "Character:1.name", "message": "name unavailable"])
    let fetched = try await server.environment().fetch(Query(id: "1", text: "Earth"), policy: .networkOnly)
    #expect(fetched.search.contains { $0.asLocation?.dimension == "Dimension C-137" })
    let errors = [FieldError(message: "name unavailable")]
    #expect(fetched.character?.name == .failure(EndToEnd.FieldErrors(errors: errors)))

    let failed = try Self.rick(name: .failure(EndToEnd.FieldErrors(errors: errors)), like: fetched)
    #expect(failed == fetched)
    let marked = try Self.rick(like: fetched).withFieldError("name unavailable", at: ["character", "name"])
    #expect(marked == fetched)
    #expect(marked.__response.errors == [FieldError(message: "name unavailable", path: ["character", "name"])])
    #expect(try Self.rick(like: fetched) != fetched)
  }

  @Test func anUncaughtFieldErrorNullsTheFieldAndStaysInTheResponse() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "set", "target": "Character:1.type", "value": "Scientist"])
    let environment = server.environment()
    let clean = try await environment.fetch(Query(id: "1", text: "Rick"), policy: .networkOnly)
    #expect(clean.character?.type == "Scientist")
    try await server.control(["command": "fieldError", "target": "Character:1.type", "message": "type unavailable"])
    let fetched = try await environment.fetch(Query(id: "1", text: "Rick"), policy: .networkOnly)
    #expect(fetched.character?.type == nil)

    let built = try Self.rick(like: fetched).withFieldError("type unavailable", at: ["character", "type"])
    #expect(built == fetched)
    #expect(built.character?.type == nil)
    let error = FieldError(message: "type unavailable", path: ["character", "type"])
    #expect(built.__response.errors == [error])
    #expect(fetched.__response.errors == [error])
    #expect(built.__response.body["errors"] == [["message": "type unavailable", "path": ["character", "type"]]])
  }

  @Test func anErrorOnANonNullFieldNullsItsNearestNullableParent() async throws {
    let server = try await Self.shared.fresh()
    let fetched = try await server.environment().fetch(Query(id: "1", text: "Rick"), policy: .networkOnly)
    let built = try Self.rick(like: fetched).withFieldError("no episode name", at: ["character", "episodes", 0, "name"])
    #expect(built.character == nil)
    #expect(built.__response.data["character"] == .null)
    #expect(built.search == fetched.search)
  }
}
