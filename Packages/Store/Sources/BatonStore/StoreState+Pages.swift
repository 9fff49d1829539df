import BatonNormalizer
import Foundation

extension StoreState {
  /// The pages to refetch for a heal of `candidate`: those whose edges lead to every record
  /// it found data missing in; `nil` when the operation has no connection, or some missing
  /// record is not under an edge a logged page brought (then the operation is refetched).
  ///
  /// - Complexity: O(edges of the connection + records reachable from their nodes).
  func pagesToHeal(_ candidate: StoreChanges.HealCandidate) -> StoreChanges.PageHeal? {
    guard let entry = operations[candidate.key], let request = entry.request,
      let operation = candidate.reader?.operation ?? entry.reader?.operation,
      let location = ConnectionLocation(operation.selections)
    else { return nil }
    let source = visible
    let variables = entry.image.variables
    guard let connectionID = location.connectionID(in: source, variables: variables),
      let connection = source[connectionID]
    else { return nil }
    let log = ConnectionPageLog(connection)
    guard !log.pages.isEmpty else { return nil }
    let missing = Set(candidate.request.missing.map(\.record))
    let owners = Self.edgesReaching(missing, from: connection, in: source)
    guard owners.count == missing.count else { return nil }
    var pages: [ConnectionPageLog.Page] = []
    for index in owners.values {
      guard let page = log.page(owning: index) else { return nil }
      if !pages.contains(page) { pages.append(page) }
    }
    return StoreChanges.PageHeal(
      key: candidate.key, request: request, operation: operation, connection: connectionID,
      pages: pages.map { page in
        var pageVariables = variables
        for argument in ConnectionMetadata.paginationArguments {
          guard let variable = location.variables[argument] else { continue }
          // As the page's request had it: a variable it left out takes its default again.
          pageVariables[variable] = page.arguments[argument]
        }
        return StoreChanges.PageHeal.Page(arguments: page.arguments, variables: pageVariables)
      })
  }

  /// For each of `records`, the number of the first edge of `connection` whose node leads
  /// to it through links.
  private static func edgesReaching(
    _ records: Set<RecordID>, from connection: StoreRecord, in source: RecordSource
  ) -> [RecordID: Int] {
    guard case .list(let edges)? = connection["edges"]?.value else { return [:] }
    var owners: [RecordID: Int] = [:]
    var visited: Set<RecordID> = []
    for case .link(let edgeID) in edges {
      guard let index = Self.edgeIndex(edgeID, in: connection.id),
        case .link(let node)? = source[edgeID]?["node"]?.value
      else { continue }
      var pending = [node]
      while let id = pending.popLast() {
        guard visited.insert(id).inserted else { continue }
        if records.contains(id), owners[id] == nil { owners[id] = index }
        guard let record = source[id] else { continue }
        for field in record.fields.values { pending.append(contentsOf: field.value.links) }
      }
      if owners.count == records.count { break }
    }
    return owners
  }

  private static func edgeIndex(_ edge: RecordID, in connection: RecordID) -> Int? {
    guard let text = edge.rawValue.split(separator: ":").last, let index = Int(text),
      RecordID.connectionEdge(connection, index: index) == edge
    else { return nil }
    return index
  }
}
