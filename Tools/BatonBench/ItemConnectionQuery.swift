import BatonNormalizer
import BatonStore
import BatonTransport

/// `query Items($count: Int, $cursor: String) { items(first: $count, after: $cursor)
/// @connection(key: "Items_items") { edges { __typename cursor node { __typename id name } }
/// pageInfo { __typename endCursor hasNextPage hasPreviousPage startCursor } } }`, written
/// by hand as generated code would be.
struct ItemConnectionQuery: GraphQLOperation {
  typealias Data = DataObject

  var count: Int

  static let document = """
    query Items($count: Int, $cursor: String) { items(first: $count, after: $cursor) { __typename edges { __typename \
    cursor node { __typename id name } } pageInfo { __typename endCursor hasNextPage hasPreviousPage startCursor } } }
    """
  static let operationID = "Items"
  static let operation = OperationDescriptor(
    name: "Items",
    selections: [
      .field(FieldSelection(
        name: "items", arguments: [Argument("first", .variable("count")), Argument("after", .variable("cursor"))],
        type: TypeReference("ItemConnection", .object, [.nonNull]),
        selections: [
          leaf("__typename", "String"),
          .field(FieldSelection(
            name: "edges", type: TypeReference("ItemEdge", .object, [.nonNull, .nonNull]),
            selections: [
              leaf("__typename", "String"), leaf("cursor", "String"),
              .field(FieldSelection(
                name: "node", type: TypeReference("Item", .object, [.nonNull]),
                selections: [leaf("__typename", "String"), leaf("id", "ID"), leaf("name", "String")],
                keyFields: ["Item": ["id"]])),
            ])),
          .field(FieldSelection(
            name: "pageInfo", type: TypeReference("PageInfo", .object, [.nonNull]),
            selections: [
              leaf("__typename", "String"), leaf("endCursor", "String", nullable: true), leaf("hasNextPage", "Boolean"),
              leaf("hasPreviousPage", "Boolean"), leaf("startCursor", "String", nullable: true),
            ])),
        ],
        connection: ConnectionMetadata(key: "Items_items", filters: [])))
    ])

  static func leaf(_ name: String, _ type: String, nullable: Bool = false) -> Selection {
    CharactersPageQuery.leaf(name, type, nullable: nullable)
  }

  var variables: [String: JSONValue] { ["count": .number(String(count))] }

  static func makeData(_ root: DataObject, in source: RecordSource) throws -> DataObject { root }

  /// A response of `count` edges after the `offset`th item, of `total` items.
  static func page(offset: Int, count: Int, total: Int) -> String {
    let edges = (offset + 1...offset + count).map { n in
      #"{"__typename":"ItemEdge","cursor":"c\#(n)","node":{"__typename":"Item","id":"\#(n)","name":"Item \#(n)"}}"#
    }
    let pageInfo = #"{"__typename":"PageInfo","endCursor":"c\#(offset + count)","hasNextPage":\#(offset + count < total),"hasPreviousPage":\#(offset > 0),"startCursor":"c\#(offset + 1)"}"#
    return #"{"data":{"items":{"__typename":"ItemConnection","edges":[\#(edges.joined(separator: ","))],"pageInfo":\#(pageInfo)}}}"#
  }
}

/// Answers `ItemConnectionQuery` with the page after its `cursor` variable, from bodies
/// made before timing starts.
struct PageTransport: Transport {
  let bodies: [String: [UInt8]]

  init(pages: Int, pageSize: Int) {
    var bodies: [String: [UInt8]] = [:]
    for page in 0..<pages {
      let cursor = page == 0 ? "" : "c\(page * pageSize)"
      bodies[cursor] = Array(ItemConnectionQuery.page(offset: page * pageSize, count: pageSize, total: pages * pageSize).utf8)
    }
    self.bodies = bodies
  }

  func send(_ request: GraphQLRequest, in context: TransportContext) -> TransportReplies {
    var cursor = ""
    if case .string(let given)? = request.variables["cursor"] { cursor = given }
    let body = bodies[cursor] ?? []
    return .payload { TransportPayload(body) }
  }
}
