import BatonNormalizer

/// IssuesAndCommentsForRepository and its AuthorDetails fragment as the compiler will emit
/// them, written by hand until the compiler exists.
enum GitHubIssuesQuery {
  static let typename = Selection.field(FieldSelection(name: "__typename", type: TypeReference("String", .scalar, [.nonNull])))
  static let actorTypes: Set<String> = ["Bot", "EnterpriseUserAccount", "Mannequin", "Organization", "User"]

  static func field(_ name: String, _ type: String, _ levels: [Nullability]) -> Selection {
    .field(FieldSelection(name: name, type: TypeReference(type, .scalar, levels)))
  }

  static let authorDetails = Fragment(
    name: "AuthorDetails", on: "Actor", possibleTypes: actorTypes,
    selections: [
      field("login", "String", [.nonNull]),
      .inlineFragment(InlineFragment(on: "User", selections: [field("id", "ID", [.nonNull]), field("name", "String", [.nullable])])),
    ])

  static let author = Selection.field(FieldSelection(
    name: "author", type: TypeReference("Actor", .interface), selections: [typename, .fragmentSpread(FragmentSpread(authorDetails))],
    keyFields: Dictionary(uniqueKeysWithValues: actorTypes.map { ($0, ["id"]) })))

  static let comments = Selection.field(FieldSelection(
    name: "comments", arguments: [Argument("last", .literal(100))], type: TypeReference("IssueCommentConnection", .object, [.nonNull]),
    selections: [
      typename,
      .field(FieldSelection(
        name: "nodes", type: TypeReference("IssueComment", .object, [.nullable, .nullable]),
        selections: [typename, field("body", "String", [.nonNull]), author])),
    ]))

  static let issues = Selection.field(FieldSelection(
    name: "issues", arguments: [Argument("last", .literal(100))], type: TypeReference("IssueConnection", .object, [.nonNull]),
    selections: [
      typename,
      .field(FieldSelection(
        name: "nodes", type: TypeReference("Issue", .object, [.nullable, .nullable]),
        selections: [typename, field("title", "String", [.nonNull]), author, field("body", "String", [.nonNull]), comments])),
    ]))

  static let operation = OperationDescriptor(name: "IssuesAndCommentsForRepository", selections: [
    .field(FieldSelection(
      name: "repository", arguments: [Argument("name", .literal("apollo-ios")), Argument("owner", .literal("apollographql"))],
      type: TypeReference("Repository", .object), selections: [typename, field("name", "String", [.nonNull]), issues])),
  ])
}
