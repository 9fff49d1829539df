import Foundation
import TestPrerequisites
import Testing
@_spi(Development) import BatonNormalizer

@Suite struct GitHubResponseTests {
  static let fixture = RepositoryRoot.sharedFixture("github-issues/IssuesAndCommentsForRepository.json")

  /// Normalizes the response, reads it back through the operation and every fragment
  /// reference, and checks the JSON is the response, byte for byte.
  func roundTrip(_ response: [UInt8]) throws -> (ResponsePayload, ReadResult) {
    let operation = GitHubIssuesQuery.operation
    let payload = try normalize(response: response, for: operation)
    let result = read(payload.records, operation: operation)
    #expect(result.events.isEmpty)
    let data = try #require(result.data)
    var rendering = DataRendering(source: payload.records, operation: operation)
    let rendered: JSONValue = ["data": rendering.render(data, operation.selections)]
    #expect(rendering.events.isEmpty)
    // The file ends with a newline, which is whitespace outside the JSON value.
    let text = String(decoding: response, as: UTF8.self)
    #expect(JSONWriter.string(rendered) == text.trimmingCharacters(in: .whitespacesAndNewlines))
    return (payload, result)
  }

  @Test(.enabled(if: fixture != nil, "needs ../shared/fixtures/github-issues"))
  func realResponseReadsBackExactly() throws {
    let url = try #require(Self.fixture)
    let response = try [UInt8](Data(contentsOf: url))
    let (payload, result) = try roundTrip(response)
    #expect(payload.records[RecordID("User:MDQ6VXNlcjE5NzY0OTg=")]?["login"]?.value == .scalar("designatednerd"))
    #expect(result.seenRecords.count > 200)
  }

  static func syntheticResponse() -> String {
    func author(_ n: Int) -> String {
      n % 3 == 2 ? "null"
        : #"{"__typename":"User","login":"user\#(n)","id":"U\#(n)","name":\#(n % 2 == 0 ? "\"Name \(n)\"" : "null")}"#
    }
    let issues = (0..<5).map { issue in
      let comments = (0..<issue).map { comment in
        #"{"__typename":"IssueComment","body":"comment \#(comment)\r\n\"quoted\" é","author":\#(author(comment))}"#
      }
      return #"{"__typename":"Issue","title":"Issue \#(issue)","author":\#(author(issue)),"body":"body\t\#(issue)","comments":{"__typename":"IssueCommentConnection","nodes":[\#(comments.joined(separator: ","))]}}"#
    }
    return #"{"data":{"repository":{"__typename":"Repository","name":"apollo-ios","issues":{"__typename":"IssueConnection","nodes":[\#(issues.joined(separator: ","))]}}}}"#
  }

  @Test func syntheticResponseOfTheSameShapeReadsBackExactly() throws {
    let (payload, result) = try roundTrip(bytes(Self.syntheticResponse()))
    let records = payload.records
    let issues = #"client:root:repository(name:"apollo-ios",owner:"apollographql"):issues(last:100)"#
    #expect(records[RecordID(issues)]?["nodes"]?.value == .list((0..<5).map { .link(RecordID("\(issues):nodes:\($0)")) }))
    #expect(records[RecordID("\(issues):nodes:3:comments(last:100):nodes:1")]?["author"]?.value == .link("User:U1"))
    #expect(records[RecordID("User:U0")]?["name"]?.value == .scalar("Name 0"))
    #expect(records[RecordID("\(issues):nodes:2")]?["author"]?.value == .null)
    #expect(records[RecordID("User:U1")]?.typename == "User")
    #expect(result.seenRecords.contains(RecordID("\(issues):nodes:4:comments(last:100)")))
    // Masking: the parent sees the author's type and a reference, not the fragment's fields.
    let repository = result.data?.value("repository", in: GitHubIssuesQuery.operation.selections).objectValue
    let firstIssue = repository?.fields[2].objectValue?.fields[1].listValue?.first?.objectValue
    let author = firstIssue?.fields[2].objectValue
    #expect(author?.fields.count == 2)
    #expect(author?.fields[0].stringValue == "User")
    #expect(author?.fields[1].fragmentReference?.record == "User:U0")
    #expect(firstIssue?.fields[1].stringValue == "Issue 0")
  }
}
