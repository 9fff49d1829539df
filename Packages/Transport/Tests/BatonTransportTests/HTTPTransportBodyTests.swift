@_spi(Development) import BatonNormalizer
import BatonTestServer
import BatonTransport
import Foundation
import TestPrerequisites
import Testing

/// Large bodies: one under the limit arrives whole and in seconds; one that only grows
/// past it when inflated fails as malformed without the process holding it.
@Suite(.serialized, .requires(.testServer)) struct HTTPTransportBodyTests {
  static let shared = SharedServer()
  static let request = GraphQLRequest(
    query: "query Name($id: ID!) { character(id: $id) { name } }", operationName: "Name", variables: ["id": "3"])

  @Test func fiftyMegabytesArriveWholeInSeconds() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(["command": "malformed", "kind": "oversized", "megabytes": 50, "count": 1])
    let transport = HTTPTransport(endpoint: server.graphQLURL, timeout: .seconds(60))
    let started = ContinuousClock.now
    let body = try await transport.payload(for: Self.request).body
    let elapsed = ContinuousClock.now - started
    // About a second alone; the bound leaves room for the whole suite running beside it on
    // two cores, where it has taken 25 s. A body copied whole on every chunk would copy tens
    // of gigabytes for these 50 MB.
    #expect(elapsed < .seconds(60), "50 MB took \(elapsed)")
    let response = try JSONReader.parse(body)
    #expect(response["data"]?["character"]?["name"]?.stringValue == "Summer Smith")
    // Apart, not in the expectation: inside `#expect` the optional chain beside the product
    // took the type checker 2.6 s.
    let paddingLength = response["extensions"]?["padding"]?.stringValue?.utf8.count
    let fiftyMiB = 50 * 1024 * 1024
    #expect(paddingLength == fiftyMiB)
  }

  /// A gigabyte deflated to a megabyte: the limit counts inflated bytes, and what passes it
  /// is dropped as it arrives, so the process's peak memory grows by about the limit, not
  /// by the gigabyte.
  @Test func aGzipBombFailsAsMalformedWithMemoryBounded() async throws {
    let server = try await Self.shared.fresh()
    try await server.control(
      ["command": "malformed", "kind": "gzipBomb", "megabytes": 1, "count": 1],
      ["command": "malformed", "kind": "gzipBomb", "megabytes": 1024, "count": 1])
    let limit = 16 * 1024 * 1024
    let transport = HTTPTransport(endpoint: server.graphQLURL, timeout: .seconds(60), maximumResponseSize: limit)
    // Under the limit, a compressed body arrives inflated.
    let small = try await transport.payload(for: Self.request).body
    #expect(small.count > 1024 * 1024 && small.starts(with: Array(#"{"extensions""#.utf8)))

    let peak = try PeakMemory.start()
    await #expect {
      try await transport.payload(for: Self.request).body
    } throws: { error in
      (error as? TransportError)?.kind == .malformed
    }
    // About the limit here (20 MB); gigabytes when the inflated body piled up. The bound leaves
    // room for suites running beside this one and for the thread sanitizer's shadow memory.
    if let growth = try peak?.growth() {
      #expect(growth < 320 * 1024 * 1024, "the peak grew by \(growth / 1024 / 1024) MB")
    }
  }
}
