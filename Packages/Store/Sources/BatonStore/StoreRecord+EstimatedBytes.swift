import BatonNormalizer

extension StoreRecord {
  /// About how many bytes the record takes in an image: the UTF-8 of its id, typename,
  /// field keys, scalar values, link ids and error messages, two bytes of framing per
  /// field, value and list item, and what finding it costs (`recordOverhead`).
  ///
  /// An image file writes each key and typename once in its string table and a varint
  /// index at each use, so a record's own bytes take less in the file than this says; the
  /// file also holds the operations, so the whole file comes close to the total (a few
  /// percent either side of it in BENCHMARKS.md's `store-budget` run, with the change
  /// log). The estimate errs on the side of the budget.
  ///
  /// - Complexity: O(fields, list items and JSON values), with a stack on the heap, never
  ///   recursion, however deep a locally written value nests.
  package var estimatedBytes: Int {
    var bytes = id.utf8Count + (typename?.utf8.count ?? 0) + Self.recordOverhead
    var values: [RecordValue] = []
    var json: [JSONValue] = []
    for (key, field) in fields {
      bytes += key.utf8.count + 2
      for error in field.errors { bytes += error.message.utf8.count + 2 }
      values.append(field.value)
      while let value = values.popLast() {
        bytes += 2
        switch value {
        case .null: break
        case .link(let id): bytes += id.utf8Count
        case .list(let items): values.append(contentsOf: items)
        case .scalar(let scalar): json.append(scalar)
        }
      }
      while let value = json.popLast() {
        bytes += 2
        switch value {
        case .null, .bool: break
        case .number(let text), .string(let text): bytes += text.utf8.count
        case .array(let items): json.append(contentsOf: items)
        case .object(let members):
          for member in members {
            bytes += member.key.utf8.count
            json.append(member.value)
          }
        }
      }
    }
    return bytes
  }

  /// What each record costs an image beyond its own bytes: its byte count, its slots in the
  /// index (8 bytes each, half again as many as records), its offset in the seen records of
  /// the operations that saw it, and its share of the chunk checksums.
  static let recordOverhead = 20
}
