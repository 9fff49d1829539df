extension Lexer {
  /// The name or punctuator at `start` once blanks are skipped; else a start-of-file
  /// token (which the lexer never produces) at the byte that is neither.
  ///
  /// Inlined into `advance`, and free of calls so that it needs few register saves. Away
  /// from the end, up to two blocks of blanks and then the name's first block are loaded
  /// with no bounds test in between, as 48 bytes are there; the end of the source and
  /// longer runs of blanks are left to `readOtherToken`.
  @inline(__always)
  static func readSimpleToken(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Token {
    guard start <= bytes.count &- 48 else {
      return Token(.startOfFile, start, start)
    }
    var position = start
    var byte = bytes[position]
    // Mostly a line end and indentation: skipped straight to the token's first byte.
    if byte <= 0x20 {
      if let offset = ByteScan.firstNonBlank(in: bytes, at: position) {
        position &+= offset
      } else if let offset = ByteScan.firstNonBlank(in: bytes, at: position &+ 16) {
        position &+= 16 &+ offset
      } else {
        return Token(.startOfFile, position &+ 32, position &+ 32)
      }
      byte = bytes[position]
    }
    // Names tested on the table's character: testing the kind let the compiler test for
    // a start of file first.
    let code = simpleKinds.utf8Start[Int(byte)]
    if code == nameCode {
      guard let length = ByteScan.firstNonName(in: bytes, at: position &+ 1) else {
        let end = ByteScan.nameEnd(in: bytes, from: position &+ 17, to: bytes.count)
        return Token(.name, position, end)
      }
      return Token(.name, position, position &+ 1 &+ length)
    }
    return Token(kind(code), position, position &+ 1)
  }

  /// `readSimpleToken` with every bound tested, near the end and after long blank runs;
  /// its start-of-file token may also be at the end.
  static func readSimpleTokenNearEnd(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Token {
    let count = bytes.count
    guard start < count else { return Token(.startOfFile, count, count) }
    var position = start
    var byte = bytes[position]
    if byte <= 0x20 {
      guard let next = ByteScan.skipBlanks(in: bytes, from: position, to: count) else {
        return Token(.startOfFile, count, count)
      }
      position = next
      byte = bytes[position]
    }
    let kind = simpleKind(byte)
    if kind == .name {
      return Token(.name, position, ByteScan.nameEnd(in: bytes, from: position &+ 1, to: count))
    }
    return Token(kind, position, position &+ 1)
  }

  /// The kind of the token `byte` starts when that byte alone decides it (a name or a
  /// punctuator but `...`), else `.startOfFile`.
  ///
  /// A table lookup: the switch it replaces cost a jump through a table and more tests.
  @inline(__always)
  static func simpleKind(_ byte: UInt8) -> TokenKind {
    kind(simpleKinds.utf8Start[Int(byte)])
  }

  /// The kind a character of `simpleKinds` stands for.
  @inline(__always)
  private static func kind(_ code: UInt8) -> TokenKind {
    // Every entry is a raw value (a test checks them all), and a field-less enum with
    // implicit raw values is stored as its raw value; `init(rawValue:)` is a call.
    unsafeBitCast(code &- 0x40, to: TokenKind.self)
  }

  private static var nameCode: UInt8 { 0x40 &+ TokenKind.name.rawValue }

  /// For each byte, the `TokenKind` raw value of `simpleKind` as a character from "@"
  /// (0, start of file): `B` is `.bang`, `Q` `.name` and so on.
  static var simpleKinds: StaticString {
    """
    @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@B@@C@D@EF@@@@@@@@@@@@@@@@I@@J@@\
    KQQQQQQQQQQQQQQQQQQQQQQQQQQL@M@Q@QQQQQQQQQQQQQQQQQQQQQQQQQQNOP@@\
    @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\
    @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
    """
  }
}
