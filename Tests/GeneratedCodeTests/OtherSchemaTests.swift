@_spi(Development) import BatonNormalizer
import BatonStore
import Testing

/// The SWAPI-shaped and GitHub targets: input lists of enums, defaults, and the GitHub
/// issues query with its interface fragment read from a response.
struct OtherSchemaTests {
  @Test func swapiVariablesEncodeListsOfEnumsAndSendDefaults() {
    let filter = SWAPI.FilmFilter(episodes: .value([.newHope, .__unknown("CLONES")]))
    let query = SWAPI.AllFilmsQuery(first: .value(3), filter: .value(filter))
    #expect(query.variables == [
      "first": .number("3"),
      "filter": .object([JSONMember("episodes", .array([.string("NEW_HOPE"), .string("CLONES")]))]),
    ])
    #expect(SWAPI.FilmCharactersQuery(filmID: "1").variables == ["filmID": .string("1"), "first": .number("10")])
    #expect(SWAPI.FilmCharactersQuery(filmID: "1", first: .null).variables == ["filmID": .string("1"), "first": .null])
    #expect(SWAPI.AllFilmsQuery.operation.onError == .propagate)
  }

  @Test func githubIssuesReadThroughTheAuthorFragment() throws {
    let response = """
      {"data": {"repository": {"__typename": "Repository", "id": "R1", "name": "apollo-ios", "issues": {"__typename": "IssueConnection",
        "nodes": [{"__typename": "Issue", "id": "I1", "title": "Crash", "body": "It crashed.",
          "author": {"__typename": "User", "login": "ada", "id": "U1", "name": "Ada"},
          "comments": {"__typename": "IssueCommentConnection", "nodes": [
            {"__typename": "IssueComment", "id": "C1", "body": "Same here.", "author": {"__typename": "Bot", "id": "B1", "login": "helper"}},
            {"__typename": "IssueComment", "id": "C2", "body": "Fixed.", "author": {"__typename": "User", "login": "ada", "id": "U1", "name": "Ada"}}]}},
          null]}}}}
      """
    let operation = GitHub.IssuesAndCommentsForRepositoryQuery()
    let payload = try normalize(response: Array(response.utf8), for: GitHub.IssuesAndCommentsForRepositoryQuery.operation)
    let result = read(payload.records, operation: GitHub.IssuesAndCommentsForRepositoryQuery.operation, variables: operation.variables)
    let data = try #require(result.data.map { GitHub.IssuesAndCommentsForRepositoryQuery.makeData($0, in: payload.records) })
    let repository = try #require(data.repository)
    #expect(repository.name == "apollo-ios")
    let issues = try #require(repository.issues.nodes)
    #expect(issues.count == 2 && issues[1] == nil)
    let issue = try #require(issues[0])
    #expect(issue.title == "Crash" && issue.body == "It crashed.")
    #expect(issue.author?.authorDetails.asUser?.name == "Ada")
    let commenters = issue.comments.nodes?.compactMap { $0?.author?.authorDetails }
    #expect(commenters?.map(\.login) == ["helper", "ada"])
    #expect(commenters?.map { $0.asUser?.id } == [nil, "U1"])
    #expect(payload.records["User:U1"] != nil)
    #expect(result.events.isEmpty)
  }

  /// `author` is an `Actor`: an issue whose author comes back as a `Repository` (stored as
  /// it came) reads as the zero value with an `unexpected` event, from the possible types
  /// the generated metadata carries.
  @Test func githubAuthorOfATypeThatIsNoActorReadsAsUnexpected() throws {
    let response = """
      {"data": {"repository": {"__typename": "Repository", "id": "R1", "name": "apollo-ios", "issues": {"__typename": "IssueConnection",
        "nodes": [{"__typename": "Issue", "id": "I1", "title": "Crash", "body": "It crashed.",
          "author": {"__typename": "Repository", "login": "apollo-ios"},
          "comments": {"__typename": "IssueCommentConnection", "nodes": []}}]}}}}
      """
    let operation = GitHub.IssuesAndCommentsForRepositoryQuery()
    let payload = try normalize(response: Array(response.utf8), for: GitHub.IssuesAndCommentsForRepositoryQuery.operation)
    let result = read(payload.records, operation: GitHub.IssuesAndCommentsForRepositoryQuery.operation, variables: operation.variables)
    let data = try #require(result.data.map { GitHub.IssuesAndCommentsForRepositoryQuery.makeData($0, in: payload.records) })
    let issue = try #require(data.repository?.issues.nodes?.first ?? nil)
    #expect(issue.author?.authorDetails.login == "")
    #expect(result.events.map(\.kind) == [
        .unexpected(expected: "an object of one of the types of Actor the client knows", found: "an object of type Repository")
      ])
    #expect(result.events.first?.field == "author")
  }
}
