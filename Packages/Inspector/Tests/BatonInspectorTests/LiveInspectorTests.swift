import Baton
import BatonTestServer
import BatonTesting
import Foundation
import InspectorStory
import RickAndMortyAPI
import TestPrerequisites
import Testing

/// The live endpoint (Done-when 3): nothing listens until `startInspector` is called, it
/// listens on 127.0.0.1 only, it serves the page, the snapshot and the feed, and hostile
/// requests get a status and a sentence, never a crash. (Debug-only is checked by
/// Tools/test.sh, which compiles a call to `startInspector` against the release build.)
@Suite(.serialized, .requires(.testServer)) struct LiveInspectorTests {
  static let shared = SharedServer()

  /// Reads this process's listening sockets from /proc, so it runs where there is one (Linux).
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/net/tcp")))
  func nothingListensUntilStartedAndNothingAfterStop() async throws {
    let server = try await Self.shared.fresh()
    // This process's own listeners: the loopback server is another process, and no other
    // suite listens in this one but on 127.0.0.2, which `listeningPorts()` leaves out.
    let before = try #require(RawHTTP.listeningPorts())
    #expect(before.isEmpty, "something in the test process listens already: \(before)")
    let environment = server.environment()
    let handle = environment.watch(RickAndMorty.CharacterDetailQuery(id: "1"))
    try await eventually("Rick's load", within: .seconds(30)) { handle.snapshot.phase.data != nil }
    #expect(RawHTTP.listeningPorts() == before)
    let inspector = try environment.startInspector()
    let port = try #require(inspector.url.port.flatMap { UInt16(exactly: $0) })
    #expect(RawHTTP.listeningPorts() == before.union([port]))
    inspector.stop()
    #expect(RawHTTP.listeningPorts() == before)
  }

  @Test func itListensOnLoopbackOnly() async throws {
    let server = try await Self.shared.fresh()
    let inspector = try server.environment().startInspector()
    defer { inspector.stop() }
    let port = try #require(inspector.url.port.flatMap { UInt16(exactly: $0) })
    #expect(inspector.url.host == "127.0.0.1")
    #expect(inspector.boundAddress == "127.0.0.1")
    let reached = try #require(RawHTTP.dial("127.0.0.1", port))
    close(reached)
    for address in RawHTTP.otherAddresses() {
      let other = RawHTTP.dial(address, port)
      #expect(other == nil, "the inspector answered on \(address)")
      if let other { close(other) }
    }
  }

  @Test func itServesThePageTheSnapshotAndTheFeed() async throws {
    let server = try await Self.shared.fresh()
    let story = try await InspectorStory.tell(on: server, imageURL: nil)
    let inspector = try story.environment.startInspector()
    defer { inspector.stop() }
    let port = try #require(inspector.url.port.flatMap { UInt16(exactly: $0) })

    let page = try await RawHTTP.get("/", port: port)
    #expect(page.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"))
    #expect(page.contains("\"live\":true"))

    let snapshot = try await RawHTTP.get("/snapshot.json", port: port)
    let body = try #require(snapshot.range(of: "\r\n\r\n")).upperBound
    let json = try #require(try JSONSerialization.jsonObject(with: Data(snapshot[body...].utf8)) as? [String: Any])
    let operations = try #require(json["operations"] as? [[String: Any]])
    #expect(operations.count == 4)
    let summer = try #require(operations.first { ($0["variables"] as? [String: String]) == ["id": "3"] })
    #expect((summer["fetch"] as? [String: Any])?["state"] as? String == "failed")
    #expect(((summer["fetch"] as? [String: Any])?["reason"] as? String)?.hasPrefix("HTTP 500") == true)
    #expect(summer["holders"] as? Int == 1)
    let timeline = try #require(json["timeline"] as? [[String: Any]])
    #expect(timeline.contains { $0["category"] as? String == "missing" && $0["record"] as? String == "Location:20" })
    #expect(timeline.contains { $0["category"] as? String == "healRefetch" })
    // Events the log kept before the page opened (field errors, missing data, heals) carry
    // when they were recorded, as the fetches do.
    #expect(timeline.allSatisfy { $0["at"] is String }, "\(timeline.filter { !($0["at"] is String) })")

    // The feed: a refetch arrives as a fetch event and a store change.
    let feed = try RawHTTP.open(port: port, Array("GET /events HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n".utf8))
    defer { close(feed) }
    let opened = await RawHTTP.read(feed, until: "retry: 1000\n\n")
    await story.rick.refetch()
    // The fetch's event, then the store change that goes with it (a look at the store while
    // the fetch was in flight may bring a `fetching` event and a store change first).
    let fetching = await RawHTTP.read(feed, until: "\"fetched CharacterDetail\"", within: 10)
    var events = opened + fetching
    if let fetched = events.range(of: "\"fetched CharacterDetail\""), !events[fetched.upperBound...].contains("event: store") {
      events += await RawHTTP.read(feed, until: "event: store", within: 10)
    }
    #expect(events.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"))
    #expect(events.contains("event: log\ndata: {\"category\":\"fetch\",\"message\":\"fetched CharacterDetail\""), "\(events)")
    #expect(events.contains("event: store\ndata: {\"records\":6,\"operations\":4}"), "\(events)")
  }

  /// Each request with `PORT` standing for the endpoint's port, and the status it gets.
  static let hostile: [(String, [UInt8], String)] = [
    ("another site's Host (DNS rebinding)", Array("GET / HTTP/1.1\r\nHost: evil.example:PORT\r\n\r\n".utf8), "HTTP/1.1 421 "),
    ("no Host", Array("GET / HTTP/1.1\r\n\r\n".utf8), "HTTP/1.1 421 "),
    ("a POST", Array("POST / HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nContent-Length: 2\r\n\r\n{}".utf8), "HTTP/1.1 405 "),
    ("not HTTP", Array("\u{16}\u{03}\u{01}\u{02}\u{00}garbage\r\n\r\n".utf8), "HTTP/1.1 400 "),
    ("not UTF-8", [0x47, 0x45, 0x54, 0x20, 0xff, 0xfe, 0x0d, 0x0a, 0x0d, 0x0a], "HTTP/1.1 400 "),
    ("a full URL as target", Array("GET http://127.0.0.1:PORT/ HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n\r\n".utf8), "HTTP/1.1 400 "),
    ("a header without a name", Array("GET / HTTP/1.1\r\n: x\r\n\r\n".utf8), "HTTP/1.1 400 "),
    ("a 100 KiB header", Array("GET / HTTP/1.1\r\nX: \(String(repeating: "a", count: 100_000))\r\n\r\n".utf8), "HTTP/1.1 431 "),
    ("a head cut short", Array("GET / HTTP/1.1\r\nHost: 127".utf8), "HTTP/1.1 400 "),
  ]

  @Test(arguments: hostile.indices)
  func aHostileRequestIsRefusedWithAStatus(_ index: Int) async throws {
    let (name, template, status) = Self.hostile[index]
    let server = try await Self.shared.fresh()
    let inspector = try server.environment().startInspector()
    defer { inspector.stop() }
    let port = try #require(inspector.url.port.flatMap { UInt16(exactly: $0) })
    let request = String(validating: template, as: UTF8.self).map { Array($0.replacingOccurrences(of: "PORT", with: "\(port)").utf8) } ?? template
    let answer = try await RawHTTP.exchange(port: port, request, within: 8)
    #expect(answer.hasPrefix(status), "\(name): \(answer.prefix(120))")
    #expect(try await RawHTTP.get("/snapshot.json", port: port).hasPrefix("HTTP/1.1 200 OK"), "\(name): the server stopped answering")
  }

  @Test func anUnknownPathIsNotFound() async throws {
    let server = try await Self.shared.fresh()
    let inspector = try server.environment().startInspector()
    defer { inspector.stop() }
    let port = try #require(inspector.url.port.flatMap { UInt16(exactly: $0) })
    #expect(try await RawHTTP.get("/../../etc/passwd", port: port).hasPrefix("HTTP/1.1 404 Not Found"))
    #expect(try await RawHTTP.get("/", port: port, host: "localhost:\(port)").hasPrefix("HTTP/1.1 200 OK"))
  }
}
