import BatonNormalizer
import BatonStore

/// `query EpisodesOverlap($id: ID!) { character(id: $id) { __typename id episodes { __typename id name } ...EpisodeCodes } }`
/// `fragment EpisodeCodes on Character { episodes { __typename code } }`: the fragment
/// selects the same episodes without their key.
struct EpisodesOverlapQuery: GraphQLOperation {
  struct Data: Sendable, Hashable {
    var names: [String?] = []
    var codes: [String?] = []
  }

  static let codes = Fragment(
    name: "EpisodeCodes", on: "Character",
    selections: [
      .field(FieldSelection(
        name: "episodes", type: TypeReference("Episode", .object, [.nonNull, .nonNull]),
        selections: [
          .field(FieldSelection(name: "__typename", type: TypeReference("String", .scalar, [.nonNull]))),
          .field(FieldSelection(name: "code", type: TypeReference("String", .scalar, [.nonNull]))),
        ]))
    ])

  var id: String

  static let document = """
    query EpisodesOverlap($id: ID!) { character(id: $id) { __typename id episodes { __typename id name } ...EpisodeCodes } } \
    fragment EpisodeCodes on Character { episodes { __typename code } }
    """
  static let operationID = "EpisodesOverlap"
  static let operation = OperationDescriptor(
    name: "EpisodesOverlap",
    selections: [
      .field(FieldSelection(
        name: "character", arguments: [Argument("id", .variable("id"))], type: TypeReference("Character", .object),
        selections: [
          .field(FieldSelection(name: "__typename", type: TypeReference("String", .scalar, [.nonNull]))),
          .field(FieldSelection(name: "id", type: TypeReference("ID", .scalar, [.nonNull]))),
          .field(FieldSelection(
            name: "episodes", type: TypeReference("Episode", .object, [.nonNull, .nonNull]),
            selections: [
              .field(FieldSelection(name: "__typename", type: TypeReference("String", .scalar, [.nonNull]))),
              .field(FieldSelection(name: "id", type: TypeReference("ID", .scalar, [.nonNull]))),
              .field(FieldSelection(name: "name", type: TypeReference("String", .scalar, [.nonNull]))),
            ], keyFields: ["Episode": ["id"]])),
          .fragmentSpread(FragmentSpread(codes)),
        ], keyFields: ["Character": ["id"]]))
    ])

  var variables: [String: JSONValue] { ["id": .string(id)] }

  static func makeData(_ root: DataObject, in source: RecordSource) throws -> Data {
    guard case .object(let character) = root[0], case .list(let episodes) = character[2],
      case .fragment(let reference) = character[3]
    else { return Data() }
    let fragment = read(source, fragment: Self.codes, at: reference).data
    let codes = fragment?[0].listValue?.map { $0.objectValue?[1].string } ?? []
    return Data(names: episodes.map { $0.objectValue?[2].string }, codes: codes)
  }
}

extension DataValue {
  fileprivate var string: String? {
    if case .scalar(.string(let text)) = self { return text }
    return nil
  }
}
