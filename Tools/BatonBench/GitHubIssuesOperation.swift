import BatonNormalizer
import BatonStore

/// IssuesAndCommentsForRepository as an operation a handle can watch, over
/// `GitHubIssuesQuery`'s selections: what `baton-bench scale` fetches end to end.
struct GitHubIssuesOperation: GraphQLOperation {
  typealias Data = DataObject

  static let document = """
    query IssuesAndCommentsForRepository { repository(name: "apollo-ios", owner: "apollographql") { name \
    issues(last: 100) { nodes { title author { ...AuthorDetails } body comments(last: 100) { nodes { body \
    author { ...AuthorDetails } } } } } } } \
    fragment AuthorDetails on Actor { login ... on User { id name } }
    """
  static let operationID = "IssuesAndCommentsForRepository"
  static var operation: OperationDescriptor { GitHubIssuesQuery.operation }

  var variables: [String: JSONValue] { [:] }

  static func makeData(_ root: DataObject, in source: RecordSource) throws -> DataObject { root }
}
