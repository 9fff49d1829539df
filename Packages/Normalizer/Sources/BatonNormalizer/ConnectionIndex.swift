/// The nodes each connection lists, kept from one merge to the next so that a page
/// appended after a connection's end is deduplicated against them without reading every
/// edge of the connection again (10,000 edges loaded, a page of 50 checks 50 nodes).
///
/// A connection's entry counts only while its edge list is still the very list the merge
/// wrote (compared by value; the same storage compares at once). The owner drops every
/// entry when anything other than a response or a merge writes its records (an updater,
/// a list edit, garbage collection), since those may re-point an edge at another node.
package struct ConnectionIndex: Sendable {
  struct Entry {
    let edges: RecordValue
    let nodes: Set<RecordID>
  }

  private var entries: [RecordID: Entry] = [:]

  package init() {}

  /// Forgets every connection: the next merge into each reads its edges again.
  package mutating func removeAll() {
    entries = [:]
  }

  /// The nodes `connection` lists, when its edges are still `edges`, taken out of the index.
  mutating func takeNodes(of connection: RecordID, edges: RecordValue?) -> Set<RecordID>? {
    guard let entry = entries.removeValue(forKey: connection), let edges, entry.edges == edges else { return nil }
    return entry.nodes
  }

  mutating func note(_ connection: RecordID, edges: RecordValue, nodes: Set<RecordID>) {
    entries[connection] = Entry(edges: edges, nodes: nodes)
  }
}
