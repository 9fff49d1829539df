/// Cuts a `multipart/mixed` body (RFC 2046 §5.1) into its parts as bytes arrive, in pieces
/// split anywhere: a delimiter, a header line or a CRLF may straddle two pieces.
///
/// The body is a preamble, then parts each opened by a delimiter line (`--boundary`, after
/// a CRLF unless it starts the body) and closed by the next, the last one `--boundary--`;
/// what follows the close is the epilogue and is ignored. Each part has header lines, an
/// empty line, and its content. Bounded: a part's headers or content longer than
/// `maximumPartBytes` fail, never unbounded memory; malformed input fails with
/// `MultipartFailure`, naming the byte offset and the part.
struct MultipartMixedParser {
  struct Part: Equatable {
    /// Header names lowercased, values trimmed.
    var headers: [String: String]
    var body: [UInt8]
  }

  private enum Place {
    /// Before the first delimiter.
    case preamble
    /// Just after a delimiter: `--` closes the body, else padding and a CRLF open a part.
    case afterDelimiter
    case headers
    case content
    case epilogue
  }

  let maximumPartBytes: Int
  private let delimiter: [UInt8]
  /// CRLF and the delimiter: what ends a part's content.
  private let contentEnd: [UInt8]
  private var buffer: [UInt8] = []
  /// Where the unread bytes start in `buffer`.
  private var start = 0
  /// Where the search for the end of the current headers or content resumes.
  private var scanned = 0
  /// How many bytes were dropped from the front of `buffer`, for offsets in errors.
  private var consumed = 0
  private var place = Place.preamble
  private var headers: [String: String] = [:]
  private(set) var partCount = 0

  /// Whether the closing delimiter arrived.
  var isClosed: Bool { place == .epilogue }

  init(boundary: String, maximumPartBytes: Int = 64 << 20) {
    self.delimiter = Array("--\(boundary)".utf8)
    self.contentEnd = [0x0D, 0x0A] + delimiter
    self.maximumPartBytes = maximumPartBytes
  }

  /// The `boundary` parameter of a `multipart/mixed` Content-Type, quoted or not; `nil`
  /// when the type is another or the parameter is absent, empty or over 70 characters.
  static func boundary(ofContentType contentType: String) -> String? {
    let pieces = contentType.split(separator: ";", omittingEmptySubsequences: false)
    guard let type = pieces.first, type.trimmingSpaces.lowercased() == "multipart/mixed" else { return nil }
    for piece in pieces.dropFirst() {
      let parameter = piece.trimmingSpaces
      guard let equals = parameter.firstIndex(of: "="),
        parameter[..<equals].trimmingSpaces.lowercased() == "boundary"
      else { continue }
      var value = parameter[parameter.index(after: equals)...].trimmingSpaces
      if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
      return value.isEmpty || value.count > 70 ? nil : String(value)
    }
    return nil
  }

  /// Feeds bytes; returns the parts they completed, in order.
  mutating func append(_ bytes: some Sequence<UInt8>) throws(MultipartFailure) -> [Part] {
    buffer.append(contentsOf: bytes)
    var parts: [Part] = []
    while let part = try step() {
      if let part { parts.append(part) }
    }
    compact()
    return parts
  }

  /// Says the body ended: an error unless the closing delimiter came.
  func finish() throws(MultipartFailure) {
    guard place != .epilogue else { return }
    let what =
      switch place {
      case .preamble: "before its first delimiter"
      case .headers: "inside the headers of part \(partCount + 1)"
      case .content: "inside part \(partCount + 1)"
      case .afterDelimiter, .epilogue: "after part \(partCount) without the closing delimiter"
      }
    throw failure("the multipart body ended \(what)", at: buffer.count)
  }

  /// One step of the state machine: `nil` when it needs more bytes, `.some(nil)` when it
  /// moved on without completing a part, `.some(part)` when a part is complete.
  private mutating func step() throws(MultipartFailure) -> Part?? {
    switch place {
    case .preamble:
      return findFirstDelimiter() ? .some(nil) : nil
    case .afterDelimiter:
      return try readDelimiterTail() ? .some(nil) : nil
    case .headers:
      return try readHeaders() ? .some(nil) : nil
    case .content:
      guard let part = try readContent() else { return nil }
      return .some(part)
    case .epilogue:
      start = buffer.count
      return nil
    }
  }

  private mutating func findFirstDelimiter() -> Bool {
    if buffer.count - start < delimiter.count { return false }
    if buffer[start...].starts(with: delimiter) {
      start += delimiter.count
      place = .afterDelimiter
      return true
    }
    guard let found = find(contentEnd, from: max(start, scanned)) else {
      // The preamble is discarded, but not a CRLF and delimiter that may be arriving.
      let keep = max(start, buffer.count - contentEnd.count + 1)
      start = keep
      scanned = keep
      return false
    }
    start = found + contentEnd.count
    place = .afterDelimiter
    return true
  }

  /// After `--boundary`: `--` closes; else linear white space and a CRLF open a part.
  private mutating func readDelimiterTail() throws(MultipartFailure) -> Bool {
    var index = start
    if buffer.count - index >= 2, buffer[index] == 0x2D, buffer[index + 1] == 0x2D {
      place = .epilogue
      start = buffer.count
      return true
    }
    if buffer.count - index == 1, buffer[index] == 0x2D { return false }
    while index < buffer.count, buffer[index] == 0x20 || buffer[index] == 0x09 { index += 1 }
    guard index < buffer.count else { return false }
    guard buffer[index] == 0x0D else {
      throw failure("a delimiter line is followed by something other than a line break or `--`", at: index)
    }
    guard index + 1 < buffer.count else { return false }
    guard buffer[index + 1] == 0x0A else { throw failure("a delimiter line ends with CR without LF", at: index + 1) }
    start = index + 2
    scanned = start
    headers = [:]
    place = .headers
    return true
  }

  private mutating func readHeaders() throws(MultipartFailure) -> Bool {
    // A close delimiter right after a delimiter line, without the CRLF of its own the RFC
    // asks for, is the close: strawberry-graphql ends a subscription's body so, and Apollo's
    // clients read it as the end.
    let close = delimiter + [0x2D, 0x2D]
    let available = buffer.count - start
    if buffer[start..<(start + min(available, close.count))].elementsEqual(close.prefix(available)) {
      guard available >= close.count else { return false }
      place = .epilogue
      start = buffer.count
      return true
    }
    // A part without headers starts with the empty line at once.
    if buffer.count - start >= 2, buffer[start] == 0x0D, buffer[start + 1] == 0x0A {
      start += 2
      scanned = start
      place = .content
      return true
    }
    guard let end = find([0x0D, 0x0A, 0x0D, 0x0A], from: max(start, scanned - 3)) else {
      scanned = buffer.count
      if buffer.count - start > maximumPartBytes {
        throw failure("the headers of part \(partCount + 1) are over \(maximumPartBytes) bytes", at: buffer.count)
      }
      return false
    }
    var lineStart = start
    while lineStart < end + 2 {
      let lineEnd = find([0x0D, 0x0A], from: lineStart) ?? end
      try readHeaderLine(buffer[lineStart..<lineEnd], at: lineStart)
      lineStart = lineEnd + 2
    }
    start = end + 4
    scanned = start
    place = .content
    return true
  }

  private mutating func readHeaderLine(_ line: ArraySlice<UInt8>, at offset: Int) throws(MultipartFailure) {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else {
      throw failure("a header line of part \(partCount + 1) has no `name:`", at: offset)
    }
    let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
    let value = String(decoding: line[(colon + 1)...], as: UTF8.self)[...].trimmingSpaces
    headers[name] = String(value)
  }

  private mutating func readContent() throws(MultipartFailure) -> Part? {
    guard let end = find(contentEnd, from: max(start, scanned - contentEnd.count + 1)) else {
      scanned = buffer.count
      if buffer.count - start > maximumPartBytes {
        throw failure("part \(partCount + 1) is over \(maximumPartBytes) bytes", at: buffer.count)
      }
      return nil
    }
    // A whole part can arrive in one piece: the limit holds then too.
    if end - start > maximumPartBytes {
      throw failure("part \(partCount + 1) is over \(maximumPartBytes) bytes", at: start + maximumPartBytes)
    }
    let part = Part(headers: headers, body: Array(buffer[start..<end]))
    partCount += 1
    start = end + contentEnd.count
    scanned = start
    place = .afterDelimiter
    return part
  }

  /// The first index at or after `from` where `pattern` starts in `buffer`.
  private func find(_ pattern: [UInt8], from: Int) -> Int? {
    guard let first = pattern.first, buffer.count >= pattern.count else { return nil }
    var index = max(from, start)
    let last = buffer.count - pattern.count
    while index <= last {
      if buffer[index] == first {
        var matched = 1
        while matched < pattern.count && buffer[index + matched] == pattern[matched] { matched += 1 }
        if matched == pattern.count { return index }
      }
      index += 1
    }
    return nil
  }

  /// Drops the bytes already read once they are most of the buffer, so a long body is not
  /// kept whole.
  private mutating func compact() {
    guard start > 4096, start * 2 > buffer.count else { return }
    buffer.removeFirst(start)
    consumed += start
    scanned -= start
    start = 0
  }

  private func failure(_ message: String, at index: Int) -> MultipartFailure {
    MultipartFailure(message: message, offset: consumed + index)
  }
}

/// Why a `multipart/mixed` body could not be read, and the byte offset in the body where.
struct MultipartFailure: Error, Equatable, CustomStringConvertible {
  var message: String
  var offset: Int

  var description: String { "\(message) (at byte \(offset) of the body)" }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    guard let first = firstIndex(where: { $0 != " " && $0 != "\t" }) else { return self[endIndex...] }
    guard let last = lastIndex(where: { $0 != " " && $0 != "\t" }) else { return self[first...] }
    return self[first...last]
  }
}
