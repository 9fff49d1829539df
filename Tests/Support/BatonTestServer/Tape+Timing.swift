import BatonNormalizer

extension Tape {
  /// The tape as a recording writes it: each chunk's time moved down to the latest time
  /// the test's own control commands ask for (a `delay`'s `ms`, `k` times
  /// `delayIncrements`' `ms`, their sums, an auth `refreshDelayMs`, or 0), chunks at one time
  /// joined, and replies without their `Date` and `Server` headers. What remains is what
  /// the test meant, not how busy the machine was, so re-recording writes the same tape.
  /// Exchanges are ordered by request (a replay matches by request, and concurrent
  /// requests arrive in any order), equal requests in the order they came.
  func normalized() -> Tape {
    var tape = self
    tape.exchanges = exchanges.enumerated()
      .sorted { ($0.element.request.key, $0.offset) < ($1.element.request.key, $1.offset) }
      .map(\.element)
    let times = intendedTimes
    for index in tape.exchanges.indices {
      var chunks: [TapeChunk] = []
      for chunk in tape.exchanges[index].chunks {
        let at = times.last { $0 <= chunk.at } ?? 0
        if let last = chunks.last, last.at == at {
          chunks[chunks.count - 1].bytes += chunk.bytes
        } else {
          chunks.append(TapeChunk(at: at, bytes: chunk.bytes))
        }
      }
      tape.exchanges[index].chunks = Self.withoutVaryingHeaders(chunks)
    }
    return tape
  }

  /// Every time a reply part may be due, ascending.
  private var intendedTimes: [Int] {
    var delays: Set<Int> = [0]
    var increments: Set<Int> = []
    func visit(_ value: JSONValue) {
      switch value {
      case .array(let items): items.forEach(visit)
      case .object:
        switch value["command"]?.stringValue {
        case "delay": value["ms"]?.intValue.map { _ = delays.insert($0) }
        case "delayIncrements": value["ms"]?.intValue.map { _ = increments.insert($0) }
        case "auth": value["refreshDelayMs"]?.intValue.map { _ = delays.insert($0) }
        default: break
        }
      default: break
      }
    }
    controls.forEach { visit($0.commands) }
    var times: Set<Int> = []
    for delay in delays {
      times.insert(delay)
      for increment in increments where increment > 0 {
        for parts in 1..<64 { times.insert(delay + parts * increment) }
      }
    }
    return times.sorted()
  }

  /// The chunks with the reply head's `Date` and `Server` lines (the time, Python's
  /// version) taken out, wherever the head's bytes were split.
  private static func withoutVaryingHeaders(_ chunks: [TapeChunk]) -> [TapeChunk] {
    let bytes = chunks.flatMap(\.bytes)
    guard let headEnd = TapeHTTPRequest.blankLine(in: bytes) else { return chunks }
    let head = String(decoding: bytes[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n").filter {
      !$0.lowercased().hasPrefix("date:") && !$0.lowercased().hasPrefix("server:")
    }
    // The head goes into the chunk its last byte arrived in; chunks before are folded in.
    var consumed = 0
    var index = 0
    while index < chunks.count && consumed + chunks[index].bytes.count < headEnd {
      consumed += chunks[index].bytes.count
      index += 1
    }
    guard index < chunks.count else { return chunks }
    let rest = Array(chunks[index].bytes[(headEnd - consumed)...])
    var cleaned = [TapeChunk(at: chunks[0].at, bytes: Array(head.joined(separator: "\r\n").utf8) + rest)]
    cleaned += chunks[(index + 1)...]
    return cleaned
  }
}
