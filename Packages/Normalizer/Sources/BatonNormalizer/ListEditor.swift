/// Applies `@appendEdge`, `@prependEdge`, `@appendNode`, `@prependNode`, `@deleteEdge` and
/// `@deleteRecord` to a source that already holds the mutation's records, as Relay's
/// mutation handlers do. An edge goes in as a copy the connection owns (numbered after its
/// edges, like a merged page's), and not at all when the connection already lists its node
/// or does not exist (nothing fetched it yet). An ID names a node by its record id or by its
/// `id` field; `@deleteRecord(typename:)` names the record `Typename:id`.
struct ListEditor {
  private(set) var overlay: RecordOverlay
  private(set) var deletions: Set<RecordID> = []

  init(source: RecordSource) {
    overlay = RecordOverlay(over: source)
  }

  private func record(_ id: RecordID) -> StoreRecord? {
    deletions.contains(id) ? nil : overlay[id]
  }

  mutating func apply(_ edit: ListEditRequest) {
    switch edit.kind {
    case .appendEdge, .prependEdge:
      let atEnd = edit.kind == .appendEdge
      for edge in edit.value.links {
        guard let server = record(edge) else { continue }
        for connection in edit.connections { insert(server.typename, server.fields, into: connection, atEnd: atEnd) }
      }
    case .appendNode(let edgeTypeName), .prependNode(let edgeTypeName):
      let atEnd = if case .appendNode = edit.kind { true } else { false }
      for node in edit.value.links {
        // No cursor is known for a node's new edge: null says so rather than leaving it missing.
        let fields: RecordFields = [ConnectionMerger.nodeKey: RecordField(.link(node)), "cursor": RecordField(.null)]
        for connection in edit.connections { insert(edgeTypeName, fields, into: connection, atEnd: atEnd) }
      }
    case .deleteEdge:
      for id in Self.ids(edit.value) {
        for connection in edit.connections { removeEdges(of: id, from: connection) }
      }
    case .deleteRecord(let typename):
      for id in Self.ids(edit.value) {
        let recordID = typename.map { RecordID("\($0):\(id)") } ?? RecordID(id)
        for connection in connectionIDs() { removeEdges(of: recordID.rawValue, from: connection) }
        deletions.insert(recordID)
      }
    }
  }

  private mutating func insert(
    _ typename: String?, _ fields: RecordFields, into connectionID: RecordID, atEnd: Bool
  ) {
    guard var connection = record(connectionID) else { return }
    var edges = ConnectionMerger.links(connection, ConnectionMerger.edgesKey)
    if let node = fields[ConnectionMerger.nodeKey].flatMap(Self.link),
      edges.contains(where: { record($0).flatMap { ConnectionMerger.link($0, ConnectionMerger.nodeKey) } == node })
    {
      return
    }
    let index = ConnectionMerger.number(connection, ConnectionMerger.nextEdgeIndexKey) ?? edges.count
    let id = RecordID.client(parent: connectionID, storageKey: ConnectionMerger.edgesKey, indices: [index])
    overlay.write(StoreRecord(id: id, typename: typename, fields: fields))
    if atEnd { edges.append(id) } else { edges.insert(id, at: 0) }
    connection.fields[ConnectionMerger.edgesKey] = RecordField(.list(edges.map(RecordValue.link)))
    connection.fields[ConnectionMerger.nextEdgeIndexKey] = RecordField(.scalar(.number(String(index + 1))))
    overlay.write(connection)
  }

  private mutating func removeEdges(of node: String, from connectionID: RecordID) {
    guard var connection = record(connectionID) else { return }
    let edges = ConnectionMerger.links(connection, ConnectionMerger.edgesKey)
    let kept = edges.filter { edge in
      guard let nodeID = record(edge).flatMap({ ConnectionMerger.link($0, ConnectionMerger.nodeKey) }) else { return true }
      return !(nodeID.rawValue == node || record(nodeID)?["id"]?.value == .scalar(.string(node)))
    }
    guard kept.count != edges.count else { return }
    connection.fields[ConnectionMerger.edgesKey] = RecordField(.list(kept.map(RecordValue.link)))
    overlay.write(connection)
  }

  /// Every connection record of the source: those that count their edges.
  ///
  /// - Complexity: O(records), once per `@deleteRecord`.
  private func connectionIDs() -> [RecordID] {
    var ids = overlay.source.records.values.filter { $0.fields[ConnectionMerger.nextEdgeIndexKey] != nil }.map(\.id)
    ids += overlay.changes.values.filter { $0.fields[ConnectionMerger.nextEdgeIndexKey] != nil && overlay.source[$0.id] == nil }.map(\.id)
    return ids
  }

  private static func link(_ field: RecordField) -> RecordID? {
    if case .link(let id) = field.value { return id }
    return nil
  }

  private static func ids(_ value: RecordValue) -> [String] {
    switch value {
    case .scalar(.string(let id)): [id]
    case .scalar(.number(let id)): [id]
    case .list(let items): items.flatMap(ids)
    case .null, .scalar, .link: []
    }
  }
}

extension RecordSource {
  /// What `edits` write over this source (which already holds their mutation's records),
  /// and the records they delete (see `ListEditor` for the rules).
  package func listEditChanges(for edits: [ListEditRequest]) -> (changes: RecordSource, deletions: Set<RecordID>) {
    var editor = ListEditor(source: self)
    for edit in edits { editor.apply(edit) }
    return (RecordSource(records: editor.overlay.changes), editor.deletions)
  }
}
