#if DEBUG
  /// One message of the live feed (`/events`, server-sent events): a timeline event, or
  /// word that the store changed and the page should fetch a new snapshot.
  package enum InspectorFeedEvent: Sendable, Equatable {
    case timeline(InspectedEvent)
    case storeChanged(records: Int, operations: Int)

    /// The message as the text/event-stream format frames it: `event:`, one `data:` line
    /// (JSON never holds a raw newline), a blank line.
    var frame: [UInt8] {
      var out = JSONBytes()
      switch self {
      case .timeline(let event):
        out.raw("event: log\ndata: ")
        Inspection.write(event, into: &out)
      case .storeChanged(let records, let operations):
        out.raw("event: store\ndata: {\"records\":")
        out.number(records)
        out.raw(",\"operations\":")
        out.number(operations)
        out.raw("}")
      }
      out.raw("\n\n")
      return out.bytes
    }
  }

  /// What the live inspector serves: the store now, and a feed of what happens next.
  package protocol InspectorSource: Sendable {
    /// The store as it is now.
    func inspection() -> Inspection
    /// Every event from now on, until the consumer stops; one stream per page.
    func feed() -> AsyncStream<InspectorFeedEvent>
  }
#endif
