@testable import BatonTransport
import Foundation
import Testing

/// The RFC 6455 pieces of the Linux WebSocket client: the handshake's accept key, frame
/// encoding, and a reader that turns any server bytes into frames or a protocol error.
@Suite struct WebSocketFrameTests {
  @Test func acceptKeyMatchesTheRFCExample() {
    // RFC 6455 §1.3.
    #expect(webSocketAccept(forKey: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
  }

  @Test func sha1OfKnownVectors() {
    let hex = { (bytes: [UInt8]) in bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() }
    #expect(hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    #expect(
      hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
        == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
  }

  @Test func aClientFrameIsMaskedAndItsLengthEncoded() {
    let frame = WebSocketFrame(isFinal: true, opcode: .text, payload: Array("Hello".utf8))
    // RFC 6455 §5.7's masked "Hello".
    #expect(frame.encoded(mask: [0x37, 0xFA, 0x21, 0x3D]) == [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58])
    let long = WebSocketFrame(isFinal: true, opcode: .binary, payload: Array(repeating: 0, count: 70_000))
    #expect(Array(long.encoded(mask: [0, 0, 0, 0]).prefix(10)) == [0x82, 0xFF, 0, 0, 0, 0, 0, 0x01, 0x11, 0x70])
  }

  @Test func framesArriveWhole() throws {
    var reader = WebSocketFrameReader()
    // "Hel" + continuation "lo" (RFC 6455 §5.7), one byte at a time, then a 256-byte binary frame.
    let bytes: [UInt8] = [0x01, 0x03, 0x48, 0x65, 0x6C, 0x80, 0x02, 0x6C, 0x6F]
    var frames: [WebSocketFrame] = []
    for byte in bytes {
      reader.append([byte])
      while let frame = try reader.next() { frames.append(frame) }
    }
    #expect(frames == [WebSocketFrame(isFinal: true, opcode: .text, payload: Array("Hello".utf8))])
    reader.append([0x82, 0x7E, 0x01, 0x00] + Array(repeating: 7, count: 256))
    #expect(try reader.next()?.payload.count == 256)
    reader.append([0x89, 0x02, 0x61, 0x62])
    #expect(try reader.next() == WebSocketFrame(isFinal: true, opcode: .ping, payload: [0x61, 0x62]))
    #expect(try reader.next() == nil)
  }

  static let violations: [(bytes: [UInt8], closeCode: UInt16)] = [
    ([0x81, 0x81, 1, 2, 3, 4, 0x41], 1002),  // masked by the server
    ([0xC1, 0x01, 0x41], 1002),  // a reserved bit without an extension
    ([0x83, 0x00], 1002),  // unknown opcode
    ([0x09, 0x00], 1002),  // a fragmented ping
    ([0x89, 0x7E, 0x00, 0x7E] + Array(repeating: 0, count: 126), 1002),  // a long ping
    ([0x80, 0x01, 0x41], 1002),  // a continuation with nothing to continue
    ([0x01, 0x01, 0x41, 0x81, 0x01, 0x42], 1002),  // a new message inside a fragmented one
    ([0x82, 0x7F, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], 1009),  // 2^63 bytes announced
  ]

  @Test(arguments: violations) func aProtocolBreachIsAnErrorWithItsCloseCode(bytes: [UInt8], closeCode: UInt16) {
    var reader = WebSocketFrameReader(maximumMessageBytes: 1 << 20)
    reader.append(bytes)
    #expect(throws: WebSocketProtocolError.self) {
      while try reader.next() != nil {}
    }
    do {
      while try reader.next() != nil {}
    } catch {
      #expect(error.closeCode == closeCode)
    }
  }

  @Test func randomBytesNeverTrap() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
      var reader = WebSocketFrameReader(maximumMessageBytes: 4096)
      let count = Int.random(in: 0...64, using: &generator)
      reader.append((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
      do {
        while try reader.next() != nil {}
      } catch {
        #expect([1002, 1009].contains(error.closeCode))
      }
    }
  }

  @Test(arguments: [
    ("ws://127.0.0.1:4000/graphql/", "/graphql/"), ("ws://127.0.0.1:4000/graphql", "/graphql"),
    ("ws://127.0.0.1:4000", "/"), ("ws://127.0.0.1:4000/a%20b?token=x%2By", "/a%20b?token=x%2By"),
  ])
  func theHandshakeAsksForThePathAsWritten(_ endpoint: String, _ target: String) throws {
    let url = try #require(URL(string: endpoint))
    #expect(POSIXWebSocket.requestTarget(url) == target)
  }
}
