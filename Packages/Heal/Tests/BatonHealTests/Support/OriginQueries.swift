import BatonNormalizer
import BatonStore

/// `query Origin { character(id: "1") { __typename id origin { __typename id name dimension } } }`:
/// DESIGN §6's query A.
struct OriginQuery: GraphQLOperation {
  typealias Data = DataObject

  static let document = "query Origin { character(id: \"1\") { __typename id origin { __typename id name dimension } } }"
  static let operationID = "Origin"
  static let operation = OperationDescriptor(name: "Origin", selections: characterSelections(originFields: ["name", "dimension"]))

  var variables: [String: JSONValue] { [:] }

  static func makeData(_ root: DataObject, in source: RecordSource) -> DataObject { root }
}

/// `query OriginID { character(id: "1") { __typename id origin { __typename id } } }`: query B,
/// which learns only the id of the origin.
struct OriginIDQuery: GraphQLOperation {
  typealias Data = DataObject

  static let document = "query OriginID { character(id: \"1\") { __typename id origin { __typename id } } }"
  static let operationID = "OriginID"
  static let operation = OperationDescriptor(name: "OriginID", selections: characterSelections(originFields: []))

  var variables: [String: JSONValue] { [:] }

  static func makeData(_ root: DataObject, in source: RecordSource) -> DataObject { root }
}

/// `character(id: "1") { __typename id origin { __typename id <originFields> } }`.
private func characterSelections(originFields: [String]) -> [Selection] {
  let typename = Selection.field(FieldSelection(name: "__typename", type: TypeReference("String", .scalar, [.nonNull])))
  let id = Selection.field(FieldSelection(name: "id", type: TypeReference("ID", .scalar, [.nonNull])))
  let extra = originFields.map { Selection.field(FieldSelection(name: $0, type: TypeReference("String", .scalar, [.nonNull]))) }
  let origin = FieldSelection(
    name: "origin", type: TypeReference("Location", .object), selections: [typename, id] + extra,
    keyFields: ["Location": ["id"]])
  return [
    .field(FieldSelection(
      name: "character", arguments: [Argument("id", .literal(.string("1")))], type: TypeReference("Character", .object),
      selections: [typename, id, .field(origin)], keyFields: ["Character": ["id"]]))
  ]
}
