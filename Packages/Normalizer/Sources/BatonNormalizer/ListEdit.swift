/// A declarative list edit on a mutation's response field, Relay's spelling:
/// `@appendEdge`/`@prependEdge` (the field is an edge), `@appendNode`/`@prependNode`
/// (the field is a node; an edge of `edgeTypeName` is made for it), each into the
/// connections its `connections:` argument lists; `@deleteEdge` (an ID field: the edges
/// with that node leave those connections); `@deleteRecord` (an ID field: the record goes
/// from the store and from every connection listing it).
public struct ListEdit: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    case appendEdge
    case prependEdge
    case appendNode(edgeTypeName: String)
    case prependNode(edgeTypeName: String)
    case deleteEdge
    /// `typename` names the record `Typename:id` when ids are unique per type only.
    case deleteRecord(typename: String?)
  }

  public let kind: Kind
  /// The `connections:` argument (a variable or a literal list of connection ids); `nil`
  /// for `@deleteRecord`.
  public let connections: ArgumentValue?

  public init(_ kind: Kind, connections: ArgumentValue? = nil) {
    self.kind = kind
    self.connections = connections
  }
}

/// One list edit a response asked for: what the field stored and the connections named.
package struct ListEditRequest: Sendable, Hashable {
  package let kind: ListEdit.Kind
  /// The field's stored value: a link (an edge or a node) or an ID scalar, or lists of them.
  package let value: RecordValue
  package let connections: [RecordID]
}

extension ListEdit {
  /// The id of the connection record for `parent`, `key` and the filter arguments' values,
  /// as a `@connection(key:)` field stores it: what `connections:` arguments take.
  package static func connectionID(parent: RecordID, key: String, filters: [String: JSONValue] = [:]) -> RecordID {
    let arguments = filters.map { Argument($0.key, .literal($0.value)) }
    let storageKey = StorageKey.make(name: "__\(key)_connection", arguments: arguments, variables: [:])
    return RecordID.client(parent: parent, storageKey: storageKey, indices: [])
  }

  func request(value: RecordValue, variables: [String: JSONValue]) -> ListEditRequest {
    var ids: [RecordID] = []
    if case .array(let items)? = connections?.resolved(with: variables) {
      for case .string(let id) in items { ids.append(RecordID(id)) }
    }
    return ListEditRequest(kind: kind, value: value, connections: ids)
  }
}
