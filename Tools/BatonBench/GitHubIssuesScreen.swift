/// Reads every field of the generated `GitHub.IssuesAndCommentsForRepositoryQuery`'s data
/// through its accessors, the `AuthorDetails` fragment through each author's spread, as a
/// screen showing all of it would; what it touched (bytes of text, one per other value)
/// keeps the reads from being optimized away.
enum GitHubIssuesScreen {
  typealias Query = GitHub.IssuesAndCommentsForRepositoryQuery
  typealias Issue = Query.Data.Repository.Issues.Node

  static func show(_ data: Query.Data) throws -> Int {
    guard let repository = data.repository else { throw BenchError(description: "the data has no repository") }
    var touched = repository.__typename.utf8.count + repository.name.utf8.count
    touched += repository.issues.__typename.utf8.count
    if let issues = repository.issues.nodes {
      for issue in issues { touched += issue.map(show) ?? 1 }
    }
    guard touched > 0 else { throw BenchError(description: "the screen touched nothing") }
    return touched
  }

  private static func show(_ issue: Issue) -> Int {
    var touched = issue.__typename.utf8.count + issue.title.utf8.count + issue.body.utf8.count
    touched += show(issue.author?.authorDetails)
    touched += issue.comments.__typename.utf8.count
    if let comments = issue.comments.nodes {
      for comment in comments {
        guard let comment else {
          touched += 1
          continue
        }
        touched += comment.__typename.utf8.count + comment.body.utf8.count
        touched += show(comment.author?.authorDetails)
      }
    }
    return touched
  }

  private static func show(_ author: GitHub.AuthorDetails?) -> Int {
    guard let author else { return 1 }
    var touched = author.__typename.utf8.count + author.login.utf8.count
    if let user = author.asUser { touched += user.id.utf8.count + (user.name?.utf8.count ?? 1) }
    return touched
  }
}
