/// One RFC 6455 frame as the client sends or receives it.
struct WebSocketFrame: Equatable {
  /// The frame opcodes of RFC 6455 §5.2 that a client uses.
  enum Opcode: UInt8 {
    case continuation = 0x0, text = 0x1, binary = 0x2, close = 0x8, ping = 0x9, pong = 0xA

    var isControl: Bool { rawValue >= 0x8 }
  }

  var isFinal: Bool
  var opcode: Opcode
  var payload: [UInt8]

  /// The frame's bytes as a client sends them: masked with `mask` (RFC 6455 §5.3).
  func encoded(mask: [UInt8]) -> [UInt8] {
    var bytes: [UInt8] = [(isFinal ? 0x80 : 0) | opcode.rawValue]
    let count = payload.count
    if count < 126 {
      bytes.append(0x80 | UInt8(count))
    } else if count <= Int(UInt16.max) {
      bytes.append(0x80 | 126)
      bytes.append(contentsOf: [UInt8(count >> 8), UInt8(truncatingIfNeeded: count)])
    } else {
      bytes.append(0x80 | 127)
      for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: UInt64(count) >> UInt64(shift))) }
    }
    bytes.append(contentsOf: mask)
    bytes.reserveCapacity(bytes.count + count)
    for (index, byte) in payload.enumerated() { bytes.append(byte ^ mask[index & 3]) }
    return bytes
  }
}

/// Why the server's bytes are not a WebSocket stream a client can follow; each case closes the
/// connection with its RFC 6455 status code.
struct WebSocketProtocolError: Error, Equatable, CustomStringConvertible {
  var closeCode: UInt16
  var description: String

  static func violation(_ description: String) -> Self { Self(closeCode: 1002, description: description) }
}

/// Cuts the server's byte stream into frames, and frames into messages (RFC 6455 §5.4).
///
/// Server frames must be unmasked, control frames short and final, reserved bits clear; a
/// message is bounded by `maximumMessageBytes`. Any breach is a `WebSocketProtocolError`,
/// never a trap.
struct WebSocketFrameReader {
  let maximumMessageBytes: Int
  private var buffer: [UInt8] = []
  private var start = 0
  private var fragments: (opcode: WebSocketFrame.Opcode, payload: [UInt8])?

  init(maximumMessageBytes: Int = 16 << 20) {
    self.maximumMessageBytes = maximumMessageBytes
  }

  mutating func append(_ bytes: some Collection<UInt8>) {
    if start > 0 && start >= buffer.count / 2 {
      buffer.removeFirst(start)
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next whole frame, with fragmented data frames joined into one final frame; `nil`
  /// until enough bytes have arrived.
  mutating func next() throws(WebSocketProtocolError) -> WebSocketFrame? {
    while let frame = try nextFrame() {
      if frame.opcode.isControl { return frame }
      if frame.opcode == .continuation {
        guard var pending = fragments else { throw .violation("a continuation frame without a message to continue") }
        pending.payload.append(contentsOf: frame.payload)
        guard pending.payload.count <= maximumMessageBytes else { throw tooBig }
        if frame.isFinal {
          fragments = nil
          return WebSocketFrame(isFinal: true, opcode: pending.opcode, payload: pending.payload)
        }
        fragments = pending
        continue
      }
      guard fragments == nil else { throw .violation("a new message inside a fragmented one") }
      if frame.isFinal { return frame }
      fragments = (frame.opcode, frame.payload)
    }
    return nil
  }

  private var tooBig: WebSocketProtocolError {
    WebSocketProtocolError(closeCode: 1009, description: "a message over \(maximumMessageBytes) bytes")
  }

  private mutating func nextFrame() throws(WebSocketProtocolError) -> WebSocketFrame? {
    let available = buffer.count - start
    guard available >= 2 else { return nil }
    let first = buffer[start]
    let second = buffer[start + 1]
    guard first & 0x70 == 0 else { throw .violation("reserved bits set without an extension") }
    guard let opcode = WebSocketFrame.Opcode(rawValue: first & 0x0F) else {
      throw .violation("unknown opcode \(first & 0x0F)")
    }
    guard second & 0x80 == 0 else { throw .violation("a masked frame from the server") }
    let isFinal = first & 0x80 != 0
    var headerLength = 2
    var length = UInt64(second & 0x7F)
    if length == 126 {
      guard available >= 4 else { return nil }
      length = UInt64(buffer[start + 2]) << 8 | UInt64(buffer[start + 3])
      headerLength = 4
    } else if length == 127 {
      guard available >= 10 else { return nil }
      length = (0..<8).reduce(0) { $0 << 8 | UInt64(buffer[start + 2 + $1]) }
      headerLength = 10
    }
    if opcode.isControl && (length > 125 || !isFinal) { throw .violation("a control frame that is long or fragmented") }
    guard length <= UInt64(maximumMessageBytes) else { throw tooBig }
    let total = headerLength + Int(length)
    guard available >= total else { return nil }
    let payload = Array(buffer[(start + headerLength)..<(start + total)])
    start += total
    return WebSocketFrame(isFinal: isFinal, opcode: opcode, payload: payload)
  }
}
