@_spi(Development) @testable import BatonNormalizer
import Testing

/// A response key's packed bytes match a member's key exactly where the bytes are the same.
@Suite struct PackedKeyTests {
  @Test(arguments: ["", "a", "id", "__typename", "1234567", "12345678", "123456789", "exactly16bytes!!", "clé", "名前"])
  func aKeyMatchesItsOwnBytesAndNoOther(_ key: String) throws {
    let packed = try #require(PackedKey(key))
    let utf8 = Array(key.utf8)
    // The key inside a longer buffer, as a member's key sits in a response.
    let buffer = Array("{\"".utf8) + utf8 + Array("\":1,\"padding\":\"0123456789abcdef\"}".utf8)
    buffer.withUnsafeBytes { bytes in
      #expect(packed.matches(bytes, at: 2, count: utf8.count) == true)
      #expect(packed.matches(bytes, at: 2, count: utf8.count + 1) == false)
      if !utf8.isEmpty {
        #expect(packed.matches(bytes, at: 1, count: utf8.count) == false)
      }
    }
    for index in utf8.indices {
      var changed = buffer
      changed[2 + index] ^= 0x01
      changed.withUnsafeBytes { bytes in #expect(packed.matches(bytes, at: 2, count: utf8.count) == false) }
    }
  }

  @Test func nearTheEndOfTheBytesTheCallerComparesAnotherWay() throws {
    let packed = try #require(PackedKey("id"))
    Array("{\"id\":1}".utf8).withUnsafeBytes { bytes in
      #expect(packed.matches(bytes, at: 2, count: 2) == nil)
      #expect(packed.matches(bytes, at: 2, count: 3) == false)
    }
  }

  @Test func aKeyLongerThanSixteenBytesIsNotPacked() {
    #expect(PackedKey("seventeen bytes!!") == nil)
    #expect(PackedKey("sixteen bytes!!!") != nil)
  }

  @Test func aResponseNormalizesWhereItsKeysEndAtTheLastBytes() throws {
    // The last member's key ends within sixteen bytes of the end: compared as text.
    let operation = query("Q", [scalar("a"), scalar("bb")])
    let payload = try normalize(response: Array(#"{"data":{"a":"x","bb":"y"}}"#.utf8), for: operation)
    #expect(payload.records[.root]?["bb"]?.value == .scalar(.string("y")))
    #expect(payload.records[.root]?["a"]?.value == .scalar(.string("x")))
  }
}
