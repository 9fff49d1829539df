/// One server-sent event: its `event` name (`message` when the stream gave none) and its
/// `data` lines joined with line feeds.
struct ServerSentEvent: Equatable {
  var name: String
  var data: String
}

/// Cuts a `text/event-stream` body into events, per the HTML standard's parsing rules:
/// lines end with LF, CRLF or CR; `:` starts a comment; an empty line dispatches the event;
/// fields other than `event` and `data` are ignored. An event with no data is not
/// dispatched, as the standard says. Bounded: a line longer than `maximumLineBytes` is an
/// error, never unbounded memory.
struct ServerSentEventParser {
  struct LineTooLong: Error {}

  let maximumLineBytes: Int
  private var line: [UInt8] = []
  private var lastWasCR = false
  private var name = ""
  private var data: [String] = []
  private var hasData = false
  private var ready: [ServerSentEvent] = []

  init(maximumLineBytes: Int = 16 << 20) {
    self.maximumLineBytes = maximumLineBytes
  }

  /// Feeds bytes; returns the events they completed, in order.
  mutating func append(_ bytes: some Sequence<UInt8>) throws(LineTooLong) -> [ServerSentEvent] {
    for byte in bytes {
      if byte == 0x0A && lastWasCR {
        lastWasCR = false
        continue
      }
      lastWasCR = byte == 0x0D
      if byte == 0x0A || byte == 0x0D {
        endLine()
      } else {
        line.append(byte)
        if line.count > maximumLineBytes { throw LineTooLong() }
      }
    }
    defer { ready = [] }
    return ready
  }

  private mutating func endLine() {
    defer { line = [] }
    guard !line.isEmpty else {
      if hasData { ready.append(ServerSentEvent(name: name.isEmpty ? "message" : name, data: data.joined(separator: "\n"))) }
      name = ""
      data = []
      hasData = false
      return
    }
    if line.first == UInt8(ascii: ":") { return }
    let text = String(decoding: line, as: UTF8.self)
    let field: Substring
    var value: Substring
    if let colon = text.firstIndex(of: ":") {
      field = text[..<colon]
      value = text[text.index(after: colon)...]
      if value.first == " " { value = value.dropFirst() }
    } else {
      field = text[...]
      value = ""
    }
    switch field {
    case "event": name = String(value)
    case "data":
      data.append(String(value))
      hasData = true
    default: break
    }
  }
}
