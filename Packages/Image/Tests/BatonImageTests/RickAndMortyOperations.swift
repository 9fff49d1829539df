import BatonNormalizer

/// Operations of the loopback server's schema, written as generated code will write them,
/// with their text for the request.
enum RickAndMortyOperations {
  static let typename = Selection.field(FieldSelection(name: "__typename", type: TypeReference("String", .scalar, [.nonNull])))
  static let keys = ["Character": ["id"], "Location": ["id"], "Episode": ["id"]]

  static func scalar(_ name: String, _ type: String = "String", _ nullability: Nullability = .nonNull) -> Selection {
    .field(FieldSelection(name: name, type: TypeReference(type, .scalar, [nullability])))
  }

  static func object(
    _ name: String, _ type: String, _ levels: [Nullability], arguments: [Argument] = [], _ selections: [Selection]
  ) -> Selection {
    .field(FieldSelection(
      name: name, arguments: arguments, type: TypeReference(type, .object, levels), selections: [typename] + selections,
      keyFields: keys))
  }

  static let characterText = """
    query CharacterDetail($id: ID!) { character(id: $id) { __typename id name species type \
    origin { __typename id name dimension } episodes { __typename id name code } } }
    """

  static let character = OperationDescriptor(
    name: "CharacterDetail",
    selections: [
      object("character", "Character", [.nullable], arguments: [Argument("id", .variable("id"))], [
        scalar("id", "ID"), scalar("name"), scalar("species"), scalar("type", "String", .nullable),
        object("origin", "Location", [.nullable], [scalar("id", "ID"), scalar("name"), scalar("dimension", "String", .nullable)]),
        object("episodes", "Episode", [.nonNull, .nonNull], [scalar("id", "ID"), scalar("name"), scalar("code")]),
      ])
    ])

  static let pageText = """
    query CharacterPage($page: Int) { characters(page: $page) { __typename info { __typename count next } \
    results { __typename id name species location { __typename id name } } } }
    """

  static let page = OperationDescriptor(
    name: "CharacterPage",
    selections: [
      object("characters", "CharacterPage", [.nonNull], arguments: [Argument("page", .variable("page"))], [
        object("info", "PageInfo", [.nonNull], [scalar("count", "Int"), scalar("next", "Int", .nullable)]),
        object("results", "Character", [.nonNull, .nonNull], [
          scalar("id", "ID"), scalar("name"), scalar("species"),
          object("location", "Location", [.nullable], [scalar("id", "ID"), scalar("name")]),
        ]),
      ])
    ])
}
