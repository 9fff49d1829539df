import Testing

@testable import GraphQLSyntax

/// The vector scans against byte-by-byte rules, at every offset in and around their
/// sixteen-byte blocks and at every end of the buffer.
@Suite("Byte scans")
struct ByteScanTests {
  /// Bytes that end a run of blanks or a name: ASCII of every class, the other ignored
  /// bytes, those next to the blanks' range, and bytes at and above 0x80, where signed and
  /// unsigned compares differ.
  static let stops: [UInt8] = [
    0x00, 0x01, 0x08, 0x0B, 0x0D, 0x1F, 0x21, 0x22, 0x23, 0x2C, 0x2E, 0x2F, 0x3A, 0x40, 0x5B,
    0x5E, 0x60, 0x7B, 0x7F, 0x80, 0x89, 0x8A, 0x9A, 0xA0, 0xBF, 0xC3, 0xE0, 0xEF, 0xFF,
  ]

  static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A }

  @Test("skipBlanks stops at the first byte that is not a space, tab or line feed, or nil")
  func skipBlanks() {
    for length in 0...40 {
      for runEnd in 0...length {
        for stop in Self.stops + [0x61, 0x5F, 0x30] {
          // Spaces, tabs and line feeds mixed, the stop, then blanks again after it.
          var bytes = (0..<length).map { [UInt8(0x20), 0x0A, 0x20, 0x09, 0x20][$0 % 5] }
          if runEnd < length { bytes[runEnd] = stop }
          for start in 0...min(3, length) {
            let expected = bytes.indices.dropFirst(start).first { !Self.isBlank(bytes[$0]) }
            let found = bytes.withUnsafeBufferPointer {
              ByteScan.skipBlanks(in: $0, from: start, to: $0.count)
            }
            #expect(found == expected, "\(bytes) from \(start)")
          }
        }
      }
    }
  }

  @Test("firstNonBlank finds the stop in every lane of a block, or gives nil")
  func firstNonBlank() {
    for lane in 0...16 {
      for stop in Self.stops {
        // The block sits inside a longer buffer whose other bytes must not count.
        var bytes = [UInt8](repeating: 0x20, count: 40)
        bytes[5] = 0x0A
        bytes[9] = 0x09
        bytes[20] = 0x0A
        if lane < 16 { bytes[3 + lane] = stop }
        bytes[2] = stop
        bytes[19] = stop
        let found = bytes.withUnsafeBufferPointer { ByteScan.firstNonBlank(in: $0, at: 3) }
        #expect(found == (lane < 16 ? lane : nil), "stop \(stop) in lane \(lane)")
      }
    }
  }

  /// Every byte value in every lane of a block: the vector classification is the scalar
  /// one, including bytes the signed compares see as negative.
  @Test("firstNonName classifies every byte in every lane as isNameContinue does")
  func firstNonName() {
    for lane in 0..<16 {
      for byte in UInt8.min...UInt8.max {
        var bytes = Array("xY_09azAZ_a1b2c3d4e5f6g7h8".utf8)
        bytes[1 + lane] = byte
        let found = bytes.withUnsafeBufferPointer { ByteScan.firstNonName(in: $0, at: 1) }
        let expected = CharacterClasses.isNameContinue(byte) ? nil : lane
        #expect(found == expected, "byte \(byte) in lane \(lane)")
      }
    }
  }

  /// Names of every length up to 40 with every kind of byte after them, the buffer ending
  /// right after the name or a little further, scanned from several starts.
  @Test("nameEnd stops at the first byte that is not a letter, digit or underscore")
  func nameEnd() {
    let nameBytes = Array("aZ_09qQzy8_bMc7".utf8)
    for length in 0...40 {
      for stop in Self.stops + [0x09, 0x20, 0x0A] {
        for tail in [[], [stop], [stop, 0x61, 0x62], [stop] + Array(repeating: 0x61, count: 20)] {
          let bytes = (0..<length).map { nameBytes[$0 % nameBytes.count] } + tail
          for start in 0...min(2, length) {
            let expected =
              bytes.indices.dropFirst(start).first { !CharacterClasses.isNameContinue(bytes[$0]) }
            let end = bytes.withUnsafeBufferPointer {
              ByteScan.nameEnd(in: $0, from: start, to: $0.count)
            }
            #expect(end == expected ?? bytes.count, "\(bytes) from \(start)")
          }
        }
      }
    }
  }

  @Test("A byte search finds the first of its two bytes wherever it falls, or the end")
  func byteSearch() {
    // Every position in and around the sixteen- and eight-byte blocks, each byte alone
    // with a second match three bytes on, and a search that ends before the byte.
    for length in 0...40 {
      for position in 0..<max(length, 1) {
        for byte: UInt8 in [0x22, 0x5C] {
          var bytes = [UInt8](repeating: 0x61, count: length)
          if position < length { bytes[position] = byte }
          if position + 3 < length { bytes[position + 3] = 0x22 }
          let found = bytes.withUnsafeBufferPointer {
            ByteScan.find(0x22, 0x5C, in: $0, from: 0, to: $0.count)
          }
          #expect(found == (position < length ? position : length))
          let short = bytes.withUnsafeBufferPointer {
            ByteScan.find(0x22, 0x5C, in: $0, from: 0, to: min(position, $0.count))
          }
          #expect(short == min(position, length))
        }
      }
    }
  }

  /// The table is read with an unchecked conversion: every entry must be a kind, the one
  /// the grammar gives the byte.
  @Test("The simple-token table gives each byte the kind the grammar does")
  func simpleKinds() {
    let punctuators: [UInt8: TokenKind] = [
      0x21: .bang, 0x24: .dollar, 0x26: .amp, 0x28: .parenL, 0x29: .parenR, 0x3A: .colon,
      0x3D: .equals, 0x40: .at, 0x5B: .bracketL, 0x5D: .bracketR, 0x7B: .braceL, 0x7C: .pipe,
      0x7D: .braceR,
    ]
    let table = Lexer.simpleKinds
    #expect(table.utf8CodeUnitCount == 256)
    for byte in UInt8.min...UInt8.max {
      let expected =
        CharacterClasses.isNameStart(byte) ? .name : punctuators[byte] ?? .startOfFile
      let code = table.utf8Start[Int(byte)]
      #expect(code >= 0x40 && TokenKind(rawValue: code - 0x40) == expected, "byte \(byte)")
    }
  }
}
