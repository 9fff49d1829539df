/// Merges the pages a response brought into their connection records, as Relay's
/// `ConnectionHandler` does.
///
/// A connection record (`client:<parent>:__<key>_connection(<filters>)`) holds copies of
/// the server's edge records, numbered in the order they arrived, and its own page info:
/// - the first page for a connection, or a page fetched with neither `after` nor `before`
///   (a refetch from the start), replaces the edges and the whole page info: Relay's
///   choice, so a refetch shows the list as the server has it now, not stale edges after it;
/// - a page `after` the connection's `endCursor` appends its edges and takes the server's
///   `hasNextPage` and `endCursor`; a page `before` its `startCursor` prepends and takes
///   `hasPreviousPage` and `startCursor`;
/// - a page's null cursor (an empty page's) never replaces a stored one;
/// - a page whose cursor is not the connection's end (an older request that lost a race)
///   leaves the connection as it was, as Relay ignores it.
/// Edges are deduplicated by their node's record id: an edge whose node the connection
/// already lists is dropped, the one already there kept.
struct ConnectionMerger {
  static let edgesKey = "edges"
  static let pageInfoKey = "pageInfo"
  static let nodeKey = "node"
  static let nextEdgeIndexKey = "__connection_next_edge_index"

  private(set) var overlay: RecordOverlay
  /// The nodes of connections merged before, when the owner keeps them (see `ConnectionIndex`).
  var index: ConnectionIndex?
  /// The number the next copied edge gets in the connection being merged.
  private var nextIndex = 0

  init(source: RecordSource) {
    overlay = RecordOverlay(over: source)
  }

  private func record(_ id: RecordID) -> StoreRecord? { overlay[id] }

  /// - Complexity: O(edges of the connection + fields of the page): the merged edge list
  ///   is written whole, as Relay's is; with an `index` that knows the connection, a page
  ///   after its end costs one copy of the edge list, and no edge of it is read.
  mutating func apply(_ page: ConnectionPage) {
    guard case .link(let serverID) = page.page, let server = record(serverID) else {
      if case .null = page.page {
        overlay.write(StoreRecord(id: page.parent, fields: [page.connectionKey: RecordField(.null)]))
      }
      return
    }
    let connectionID = page.connectionID
    let existing = record(connectionID)
    let pageInfoID = RecordID.client(parent: connectionID, storageKey: Self.pageInfoKey, indices: [])
    let serverPageInfo = Self.link(server, Self.pageInfoKey).flatMap(record)
    var pageInfo = record(pageInfoID) ?? StoreRecord(id: pageInfoID, typename: serverPageInfo?.typename)
    let serverEdges = Self.links(server, Self.edgesKey)

    var merged: [RecordID]
    // A page appended after edges the index knows is checked against their nodes alone,
    // and added to their list as it is (sharing its chunks: see `RecordList`).
    var appendedTo: RecordList = []
    var nodes: Set<RecordID> = []
    if existing == nil || (page.after == nil && page.before == nil) {
      merged = copies(of: serverEdges, into: connectionID, existing: existing)
      for (key, field) in serverPageInfo?.fields ?? [:] { pageInfo.fields[key] = field }
    } else if let after = page.after {
      guard Self.cursor(pageInfo, "endCursor") == after else { return }
      let copied = copies(of: serverEdges, into: connectionID, existing: existing)
      if case .list(let edges)? = existing?.fields[Self.edgesKey]?.value,
        let listed = index?.takeNodes(of: connectionID, edges: .list(edges))
      {
        merged = copied
        appendedTo = edges
        nodes = listed
      } else {
        merged = (existing.map { Self.links($0, Self.edgesKey) } ?? []) + copied
      }
      Self.take("hasNextPage", cursor: "endCursor", from: serverPageInfo, into: &pageInfo)
    } else {
      guard let before = page.before, Self.cursor(pageInfo, "startCursor") == before else { return }
      merged = copies(of: serverEdges, into: connectionID, existing: existing)
        + (existing.map { Self.links($0, Self.edgesKey) } ?? [])
      Self.take("hasPreviousPage", cursor: "startCursor", from: serverPageInfo, into: &pageInfo)
    }
    let kept = deduplicated(merged, adding: &nodes)
    var connection = StoreRecord(id: connectionID, typename: server.typename)
    for (key, field) in server.fields where key != Self.edgesKey && key != Self.pageInfoKey {
      connection.fields[key] = field
    }
    let edges = RecordValue.list(appendedTo + kept.map(RecordValue.link))
    connection.fields[Self.edgesKey] = RecordField(edges)
    index?.note(connectionID, edges: edges, nodes: nodes)
    connection.fields[Self.pageInfoKey] = RecordField(.link(pageInfoID))
    connection.fields[Self.nextEdgeIndexKey] = RecordField(.scalar(.number(String(nextIndex))))
    overlay.write(connection)
    overlay.write(pageInfo)
    overlay.write(StoreRecord(id: page.parent, fields: [page.connectionKey: RecordField(.link(connectionID))]))
  }


  /// A page's flag and cursor for one end. An empty page has a null cursor, which never
  /// replaces a stored one (Relay's `ConnectionHandler` keeps it too): the next page then
  /// continues from the last edge the list has, not from nowhere.
  private static func take(_ flag: String, cursor: String, from server: StoreRecord?, into pageInfo: inout StoreRecord) {
    pageInfo.fields[flag] = server?.fields[flag]
    guard let value = server?.fields[cursor], value.value != .null, value.value != .scalar(.null) else { return }
    pageInfo.fields[cursor] = value
  }

  /// Copies of the server's edge records, owned by the connection, numbered after the
  /// ones it already has.
  private mutating func copies(of edges: [RecordID], into connection: RecordID, existing: StoreRecord?) -> [RecordID] {
    nextIndex = existing.flatMap { Self.number($0, Self.nextEdgeIndexKey) } ?? 0
    var copied: [RecordID] = []
    copied.reserveCapacity(edges.count)
    for edge in edges {
      guard let server = record(edge) else { continue }
      let id = RecordID.client(parent: connection, storageKey: Self.edgesKey, indices: [nextIndex])
      nextIndex += 1
      overlay.write(StoreRecord(id: id, typename: server.typename, fields: server.fields))
      copied.append(id)
    }
    return copied
  }

  /// `edges` without those whose node `nodes` or an earlier edge already has; their nodes
  /// join `nodes` (in place: the index's set is not copied for a page).
  private func deduplicated(_ edges: [RecordID], adding nodes: inout Set<RecordID>) -> [RecordID] {
    edges.filter { edge in
      guard let node = record(edge).flatMap({ Self.link($0, Self.nodeKey) }) else { return true }
      return nodes.insert(node).inserted
    }
  }

  static func link(_ record: StoreRecord, _ key: String) -> RecordID? {
    if case .link(let id)? = record.fields[key]?.value { return id }
    return nil
  }

  static func links(_ record: StoreRecord, _ key: String) -> [RecordID] {
    guard case .list(let items)? = record.fields[key]?.value else { return [] }
    return items.compactMap { item in
      if case .link(let id) = item { return id }
      return nil
    }
  }

  private static func cursor(_ record: StoreRecord, _ key: String) -> String? {
    if case .scalar(.string(let text))? = record.fields[key]?.value { return text }
    return nil
  }

  static func number(_ record: StoreRecord, _ key: String) -> Int? {
    if case .scalar(.number(let text))? = record.fields[key]?.value { return Int(text) }
    return nil
  }
}

extension RecordSource {
  /// The records that merging `pages` into their connections writes over this source,
  /// which already holds the pages' own records (see `ConnectionMerger` for the rules).
  ///
  /// - Complexity: O(edges of each connection touched + fields of the pages).
  package func connectionChanges(for pages: [ConnectionPage]) -> RecordSource {
    var merger = ConnectionMerger(source: self)
    for page in pages { merger.apply(page) }
    return RecordSource(records: merger.overlay.changes)
  }

  /// `connectionChanges(for:)` with the nodes of connections merged before kept in `index`
  /// (its owner keeps it in step with this source; see `ConnectionIndex`).
  ///
  /// - Complexity: O(fields of the pages) for pages appended after a connection's end.
  package func connectionChanges(for pages: [ConnectionPage], index: inout ConnectionIndex) -> RecordSource {
    var merger = ConnectionMerger(source: self)
    merger.index = consume index
    for page in pages { merger.apply(page) }
    index = merger.index ?? ConnectionIndex()
    return RecordSource(records: merger.overlay.changes)
  }
}
