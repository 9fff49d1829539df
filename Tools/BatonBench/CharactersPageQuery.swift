import BatonNormalizer
import BatonStore

/// `query CharactersPage { characters(page: 1) { info { count pages } results { __typename id
/// name status species type gender image created origin { __typename id name } } } }`,
/// written by hand as generated code would be: 20 characters and their origins.
struct CharactersPageQuery: GraphQLOperation {
  typealias Data = DataObject

  static let document = """
    query CharactersPage { characters(page: 1) { info { count pages } results { __typename id name status species \
    type gender image created origin { __typename id name } } } }
    """
  static let operationID = "CharactersPage"

  static let operation = OperationDescriptor(
    name: "CharactersPage",
    selections: [
      .field(FieldSelection(
        name: "characters", arguments: [Argument("page", .literal(1))],
        type: TypeReference("CharacterPage", .object, [.nonNull]),
        selections: [
          .field(FieldSelection(
            name: "info", type: TypeReference("PageInfo", .object, [.nonNull]),
            selections: [
              .field(FieldSelection(name: "count", type: TypeReference("Int", .scalar, [.nonNull]))),
              .field(FieldSelection(name: "pages", type: TypeReference("Int", .scalar, [.nonNull]))),
            ])),
          .field(FieldSelection(
            name: "results", type: TypeReference("Character", .object, [.nonNull, .nonNull]),
            selections: character, keyFields: ["Character": ["id"]])),
        ]))
    ])

  static let character: [Selection] = [
    leaf("__typename", "String"), leaf("id", "ID"), leaf("name", "String"), leaf("status", "CharacterStatus", .enumeration),
    leaf("species", "String"), leaf("type", "String", nullable: true), leaf("gender", "CharacterGender", .enumeration),
    leaf("image", "String"), leaf("created", "DateTime"),
    .field(FieldSelection(
      name: "origin", type: TypeReference("Location", .object),
      selections: [leaf("__typename", "String"), leaf("id", "ID"), leaf("name", "String")],
      keyFields: ["Location": ["id"]])),
  ]

  static func leaf(
    _ name: String, _ type: String, _ kind: TypeReference.Kind = .scalar, nullable: Bool = false
  ) -> Selection {
    .field(FieldSelection(name: name, type: TypeReference(type, kind, [nullable ? .nullable : .nonNull])))
  }

  var variables: [String: JSONValue] { [:] }

  static func makeData(_ root: DataObject, in source: RecordSource) throws -> DataObject { root }
}

/// `query CharacterName($id: ID!) { character(id: $id) { __typename id name } }`: the
/// handle a list row would hold.
struct CharacterNameQuery: GraphQLOperation {
  typealias Data = DataObject

  var id: String

  static let document = "query CharacterName($id: ID!) { character(id: $id) { __typename id name } }"
  static let operationID = "CharacterName"
  static let operation = OperationDescriptor(
    name: "CharacterName",
    selections: [
      .field(FieldSelection(
        name: "character", arguments: [Argument("id", .variable("id"))], type: TypeReference("Character", .object),
        selections: [
          CharactersPageQuery.leaf("__typename", "String"), CharactersPageQuery.leaf("id", "ID"),
          CharactersPageQuery.leaf("name", "String"),
        ], keyFields: ["Character": ["id"]]))
    ])

  var variables: [String: JSONValue] { ["id": .string(id)] }

  static func makeData(_ root: DataObject, in source: RecordSource) throws -> DataObject { root }
}
