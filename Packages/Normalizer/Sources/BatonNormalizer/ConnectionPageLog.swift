/// The pages a connection record's edges came from, oldest request first: each page's
/// pagination arguments, when it was fetched, and the numbers of the edge copies it brought
/// (`ConnectionMerger` numbers them in the order they arrive, so a page's are a range).
///
/// It is kept on the connection record itself (`__connection_pages`, a JSON list), so it
/// goes wherever the record goes: into the image and back on relaunch, and away with it.
/// The store writes it after merging a response's pages; a heal reads it to refetch the one
/// page that owns an edge, and a paginated handle to judge each page's age.
package struct ConnectionPageLog: Sendable, Equatable {
  package struct Page: Sendable, Equatable {
    /// `first`, `after`, `last`, `before` as the page's request gave them (see
    /// `ConnectionPage.arguments`).
    package var arguments: [String: JSONValue]
    /// When the page was fetched, in seconds since 1970.
    package var fetchedAt: Double
    /// The numbers of the edge copies the page brought.
    package var edges: Range<Int>

    package init(arguments: [String: JSONValue], fetchedAt: Double, edges: Range<Int>) {
      self.arguments = arguments
      self.fetchedAt = fetchedAt
      self.edges = edges
    }
  }

  /// What a connection was before a response's page merged into it: what tells whether the
  /// merger took the page, and the number its first new edge got.
  package struct Start: Sendable {
    let exists: Bool
    let nextEdgeIndex: Int
    let startCursor: String?
    let endCursor: String?
  }

  static let key = "__connection_pages"

  package var pages: [Page]

  package init(pages: [Page] = []) {
    self.pages = pages
  }

  /// The log a connection record holds; empty when it has none (or one this code cannot read).
  package init(_ connection: StoreRecord?) {
    pages = Self.items(connection).compactMap(Self.page)
  }

  /// The oldest page's fetch time; `nil` when no page is logged.
  package var oldestFetch: Double? { pages.map(\.fetchedAt).min() }

  /// The page that brought the edge numbered `index`.
  package func page(owning index: Int) -> Page? {
    pages.first { $0.edges.contains(index) }
  }

  var field: RecordField {
    RecordField(.scalar(.array(pages.map(Self.item))))
  }

  /// The logged pages as stored, undecoded: what a write appends to without reading them.
  static func items(_ connection: StoreRecord?) -> [JSONValue] {
    guard case .scalar(.array(let items))? = connection?[Self.key]?.value else { return [] }
    return items
  }

  static func item(_ page: Page) -> JSONValue {
    .object([
      JSONMember("arguments", .object(page.arguments.sorted { $0.key < $1.key }.map { JSONMember($0.key, $0.value) })),
      JSONMember("fetchedAt", .number(String(page.fetchedAt))),
      JSONMember("edges", .array([.number(String(page.edges.lowerBound)), .number(String(page.edges.upperBound))])),
    ])
  }

  private static func page(_ item: JSONValue) -> Page? {
    guard case .object(let members) = item,
      case .object(let arguments)? = members.first(where: { $0.key == "arguments" })?.value,
      case .number(let fetchedAt)? = members.first(where: { $0.key == "fetchedAt" })?.value,
      let seconds = Double(fetchedAt),
      case .array(let bounds)? = members.first(where: { $0.key == "edges" })?.value, bounds.count == 2,
      case .number(let lower) = bounds[0], case .number(let upper) = bounds[1],
      let low = Int(lower), let high = Int(upper), low <= high
    else { return nil }
    var values: [String: JSONValue] = [:]
    for member in arguments { values[member.key] = member.value }
    return Page(arguments: values, fetchedAt: seconds, edges: low..<high)
  }
}

extension RecordID {
  /// The id of the edge copy numbered `index` in `connection` (see `ConnectionMerger`).
  package static func connectionEdge(_ connection: RecordID, index: Int) -> RecordID {
    .client(parent: connection, storageKey: ConnectionMerger.edgesKey, indices: [index])
  }
}

extension RecordSource {
  /// What each of `pages`' connections is now, before they merge: to hand to
  /// `pageLogChanges(for:from:fetchedAt:)` after.
  package func connectionStarts(for pages: [ConnectionPage]) -> [ConnectionPageLog.Start] {
    pages.map { page in
      let connection = self[page.connectionID]
      let pageInfo = connection.flatMap { ConnectionMerger.link($0, ConnectionMerger.pageInfoKey) }.flatMap { self[$0] }
      func cursor(_ key: String) -> String? {
        if case .scalar(.string(let text))? = pageInfo?[key]?.value { return text }
        return nil
      }
      return ConnectionPageLog.Start(
        exists: connection != nil,
        nextEdgeIndex: connection.flatMap { ConnectionMerger.number($0, ConnectionMerger.nextEdgeIndexKey) } ?? 0,
        startCursor: cursor("startCursor"), endCursor: cursor("endCursor"))
    }
  }

  /// The connection records with their page logs brought up to date for `pages`, which this
  /// source has merged already (`starts` said what the connections were before): a page
  /// from the start begins a new log, as it replaced the edges; one `after` the end cursor
  /// goes last, one `before` the start cursor first; one the merger ignored is not logged.
  ///
  /// - Complexity: O(pages logged on each connection touched), a copy of the stored log
  ///   with one page more; the pages logged before are not decoded.
  package func pageLogChanges(
    for pages: [ConnectionPage], from starts: [ConnectionPageLog.Start], fetchedAt: Double
  ) -> RecordSource {
    var changes = RecordSource()
    for (page, start) in zip(pages, starts) {
      guard case .link = page.page, let connection = self[page.connectionID] else { continue }
      let next = ConnectionMerger.number(connection, ConnectionMerger.nextEdgeIndexKey) ?? start.nextEdgeIndex
      let logged = ConnectionPageLog.item(ConnectionPageLog.Page(
        arguments: page.arguments, fetchedAt: fetchedAt, edges: start.nextEdgeIndex..<max(next, start.nextEdgeIndex)))
      // The logged pages are not decoded: a write only adds one.
      var items = ConnectionPageLog.items(changes[page.connectionID] ?? connection)
      if !start.exists || (page.after == nil && page.before == nil) {
        items = [logged]
      } else if let after = page.after {
        guard after == start.endCursor else { continue }
        items.append(logged)
      } else {
        guard page.before == start.startCursor else { continue }
        items.insert(logged, at: 0)
      }
      changes.merge(StoreRecord(id: page.connectionID, fields: [ConnectionPageLog.key: RecordField(.scalar(.array(items)))]))
    }
    return changes
  }

  /// The connection record with the logged page fetched with `arguments` (if it has one)
  /// stamped `fetchedAt`: a page fetched again in place, whose edges stay where they are.
  package func renewingPage(
    of connectionID: RecordID, arguments: [String: JSONValue], fetchedAt: Double
  ) -> RecordSource {
    var log = ConnectionPageLog(self[connectionID])
    guard let index = log.pages.firstIndex(where: { $0.arguments == arguments }) else { return RecordSource() }
    log.pages[index].fetchedAt = fetchedAt
    return RecordSource([StoreRecord(id: connectionID, fields: [ConnectionPageLog.key: log.field])])
  }
}
