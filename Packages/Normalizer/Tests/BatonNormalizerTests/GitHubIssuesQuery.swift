import BatonNormalizer

/// IssuesAndCommentsForRepository with its AuthorDetails fragment, written the way the
/// compiler will emit it (the compiler does not exist yet): `__typename` on every object,
/// key fields for every Actor type that has them.
enum GitHubIssuesQuery {
  static let actorTypes: Set<String> = ["Bot", "EnterpriseUserAccount", "Mannequin", "Organization", "User"]
  static let actorKeys: [String: [String]] = Dictionary(uniqueKeysWithValues: actorTypes.map { ($0, ["id"]) })

  static let authorDetails = Fragment(
    name: "AuthorDetails", on: "Actor", possibleTypes: actorTypes,
    selections: [
      scalar("login", "String", [.nonNull]),
      on("User", [
        scalar("id", "ID", [.nonNull]),
        scalar("name"),
      ]),
    ])

  static let author = object(
    "author", "Actor", kind: .interface, keys: actorKeys, [.fragmentSpread(FragmentSpread(authorDetails))])

  static let operation = query("IssuesAndCommentsForRepository", [
    object("repository", "Repository", arguments: [
      Argument("name", .literal("apollo-ios")), Argument("owner", .literal("apollographql")),
    ], [
      scalar("name", "String", [.nonNull]),
      object("issues", "IssueConnection", [.nonNull], arguments: [Argument("last", .literal(100))], [
        object("nodes", "Issue", [.nullable, .nullable], [
          scalar("title", "String", [.nonNull]),
          author,
          scalar("body", "String", [.nonNull]),
          object("comments", "IssueCommentConnection", [.nonNull], arguments: [Argument("last", .literal(100))], [
            object("nodes", "IssueComment", [.nullable, .nullable], [
              scalar("body", "String", [.nonNull]),
              author,
            ]),
          ]),
        ]),
      ]),
    ]),
  ])
}
