import BatonNormalizer

extension Inspection {
  /// The page's data in two parts, so a store of 100,000 records opens at once: a head the
  /// page needs to draw (everything but the records' fields: the ids, typenames and field
  /// keys the list and the search use, operations with their reached records as indices)
  /// and the records, one JSON object a line, which the page parses one at a time when a
  /// record is shown. Not the documented `--json` schema: the page's own.
  ///
  /// Head: `{format, version, source, now, live, summary, operations, types, timeline,
  /// ids, typenames, typeOf, keys, labels}` — `typeOf[i]` indexes `typenames` (-1: none),
  /// `keys[i]` is record `i`'s field keys joined by newlines, `labels[i]` the text a person
  /// knows record `i` by (`label(of:)`, `null` when it has none), and each operation's
  /// `seenRecords` are indices into `ids`. Record line `i`: `{"fields": {...}}` as in the
  /// documented schema.
  func writePageHead(into out: inout JSONBytes, ids: [RecordID]) {
    var index: [RecordID: Int] = [:]
    index.reserveCapacity(ids.count)
    for (position, id) in ids.enumerated() { index[id] = position }
    var typenames: [String] = []
    var typenameIndex: [String: Int] = [:]
    out.raw("{")
    out.key("format", first: true)
    out.string("baton-inspector-page")
    writeHeader(into: &out)
    out.key("operations")
    out.array(operations) { out, operation in
      write(operation, into: &out, seen: { out, seen in
        out.array(seen.compactMap { index[$0] }) { out, position in out.number(position) }
      })
    }
    out.key("types")
    writeTypes(into: &out)
    out.key("timeline")
    out.array(timeline) { out, event in Self.write(event, into: &out) }
    out.key("ids")
    out.array(ids) { out, id in out.string(id.rawValue) }
    out.key("typeOf")
    out.array(ids) { out, id in
      guard let typename = records[id]?.typename else { return out.number(-1) }
      if let known = typenameIndex[typename] { return out.number(known) }
      typenameIndex[typename] = typenames.count
      out.number(typenames.count)
      typenames.append(typename)
    }
    out.key("typenames")
    out.array(typenames) { out, typename in out.string(typename) }
    out.key("keys")
    out.array(ids) { out, id in out.string(records[id]?.fields.keys.sorted().joined(separator: "\n") ?? "") }
    out.key("labels")
    out.array(ids) { out, id in out.optionalString(records[id].flatMap(Self.label)) }
    out.raw("}")
  }

  /// Record `ids[i]` on line `i`, each one JSON object with no raw newline.
  func writePageRecords(into out: inout JSONBytes, ids: [RecordID]) {
    for id in ids {
      if let record = records[id] {
        out.raw("{\"fields\":")
        writeFields(of: record, into: &out)
        out.raw("}")
      } else {
        out.raw("null")
      }
      out.raw("\n")
    }
  }

  /// The page's head alone (the live endpoint's `/page-head.json`).
  package var pageHead: [UInt8] {
    var out = JSONBytes(reservingCapacity: 128 * records.count + 4096)
    writePageHead(into: &out, ids: sortedRecordIDs)
    return out.bytes
  }

  /// The page's records alone (the live endpoint's `/page-records.ndjson`).
  package var pageRecords: [UInt8] {
    var out = JSONBytes(reservingCapacity: 256 * records.count)
    writePageRecords(into: &out, ids: sortedRecordIDs)
    return out.bytes
  }
}
