@_spi(Development) import BatonNormalizer
import BatonTestServer
import BatonTransport
import Foundation
import TestPrerequisites
import Testing

/// GraphQL multipart requests: the files arrive byte for byte (the loopback server answers
/// with the size and SHA-256 of what it received), progress is reported as the body goes,
/// and cancelling stops the upload and removes the temporary body.
@Suite(.serialized, .requires(.testServer)) struct HTTPTransportUploadTests {
  static let shared = SharedServer()
  static let uploadOne = "mutation One($file: Upload!) { uploadFile(file: $file) { filename contentType size sha256 } }"
  static let uploadMany = "mutation Many($files: [Upload!]!) { uploadFiles(files: $files) { filename contentType size sha256 } }"

  /// 3,000,000 bytes of `i % 251`, whose SHA-256 Python's `hashlib` gave.
  static let patterned = Data((0..<3_000_000).map { UInt8($0 % 251) })
  static let patternedSHA256 = "4d3870d4655ed773027a713ea136507d22e076248e0e9cc920a996039653b76f"

  @Test func aFileOnDiskArrivesByteIdenticalWithItsNameAndType() async throws {
    let server = try await Self.shared.fresh()
    let file = try Self.temporaryFile(Self.patterned)
    defer { try? FileManager.default.removeItem(at: file) }
    let request = GraphQLRequest(
      query: Self.uploadOne, operationName: "One", variables: ["file": .null], kind: .mutation,
      uploads: ["variables.file": GraphQLUpload(fileURL: file, filename: "pattern \"1\".bin", contentType: "image/png")])
    let response = try JSONReader.parse(try await HTTPTransport(endpoint: server.graphQLURL).payload(for: request).body)
    let received = response["data"]?["uploadFile"]
    #expect(received?["size"]?.intValue == 3_000_000)
    #expect(received?["sha256"]?.stringValue == Self.patternedSHA256)
    #expect(received?["filename"]?.stringValue == "pattern %221%22.bin")
    #expect(received?["contentType"]?.stringValue == "image/png")
  }

  @Test func filesInAListArriveInTheirPlaces() async throws {
    let server = try await Self.shared.fresh()
    let file = try Self.temporaryFile(Self.patterned)
    defer { try? FileManager.default.removeItem(at: file) }
    let hello = GraphQLUpload(data: Data("hello, upload\n".utf8), filename: "hello.txt", contentType: "text/plain")
    // Eleven files, so that `variables.files.10` must not sort before `variables.files.2`.
    var uploads: [String: GraphQLUpload] = [:]
    for index in 0..<11 { uploads["variables.files.\(index)"] = index == 2 ? GraphQLUpload(fileURL: file) : hello }
    let request = GraphQLRequest(
      query: Self.uploadMany, operationName: "Many", variables: ["files": .array(Array(repeating: .null, count: 11))],
      kind: .mutation, uploads: uploads)
    let response = try JSONReader.parse(try await HTTPTransport(endpoint: server.graphQLURL).payload(for: request).body)
    guard case .array(let received)? = response["data"]?["uploadFiles"] else {
      Issue.record("no list of files in \(response)")
      return
    }
    try #require(received.count == 11)
    for (index, file) in received.enumerated() {
      let sha256 = index == 2 ? Self.patternedSHA256 : "b5b2447c7f703f19b65f8452fe57490e846ec6bc84f04f8994e0fa24e4ec9a1e"
      #expect(file["sha256"]?.stringValue == sha256, "file \(index)")
    }
    #expect(received[2]["filename"]?.stringValue == file.lastPathComponent)
    #expect(received[2]["contentType"]?.stringValue == "application/octet-stream")
  }

  @Test func progressRisesToTheWholeBodyBeforeTheReply() async throws {
    let server = try await Self.shared.fresh()
    let file = try Self.temporaryFile(Self.patterned)
    defer { try? FileManager.default.removeItem(at: file) }
    let request = GraphQLRequest(
      query: Self.uploadOne, operationName: "One", variables: ["file": .null], kind: .mutation,
      uploads: ["variables.file": GraphQLUpload(fileURL: file)])
    var progress: [UploadProgress] = []
    var payloads = 0
    for try await reply in HTTPTransport(endpoint: server.graphQLURL).send(request, in: TransportContext()) {
      switch reply {
      case .sending(let sent):
        #expect(payloads == 0, "progress after the reply")
        progress.append(sent)
      case .payload: payloads += 1
      case .retrying, .resending: Issue.record("no retry was asked for")
      }
    }
    #expect(payloads == 1)
    let last = try #require(progress.last)
    // The file and the multipart framing around it.
    #expect(last.totalBytes > 3_000_000 && last.totalBytes < 3_001_000)
    #expect(last.sentBytes == last.totalBytes && last.fractionCompleted == 1)
    #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.sentBytes <= $1.sentBytes })
    #expect(progress.count > 1, "only \(progress.count) progress report")
  }

  /// The server never reads, so the body stalls after the first few megabytes; cancelling
  /// the task then fails the request as cancelled and removes the temporary body.
  @Test func cancellingStopsTheUploadAndRemovesItsTemporaryBody() async throws {
    let listener = try SilentListener()
    let file = try Self.temporaryFile(Data(count: 64 << 20))
    defer { try? FileManager.default.removeItem(at: file) }
    let before = try Self.temporaryBodies()
    let request = GraphQLRequest(
      query: Self.uploadOne, operationName: "One", variables: ["file": .null], kind: .mutation,
      uploads: ["variables.file": GraphQLUpload(fileURL: file)])
    let transport = HTTPTransport(endpoint: listener.url, timeout: .seconds(120))
    let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
    let upload = Task {
      defer { startedContinuation.finish() }
      var payloads = 0
      for try await reply in transport.send(request, in: TransportContext()) {
        switch reply {
        case .sending: startedContinuation.yield()
        case .payload: payloads += 1
        case .retrying, .resending: break
        }
      }
      return payloads
    }
    for await _ in started { break }
    // Another suite's upload may be under way beside this one; each goes once cancelled.
    let body = try Self.temporaryBodies().subtracting(before)
    #expect(!body.isEmpty, "no temporary body while sending")
    upload.cancel()
    // A consumer that stops ends its replies without an error, and without a payload.
    #expect(try await upload.value == 0)
    // The transport's task ends a moment after its consumer went.
    let deadline = ContinuousClock.now + .seconds(10)
    while try !Self.temporaryBodies().intersection(body).isEmpty, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(try Self.temporaryBodies().intersection(body).isEmpty, "the temporary body stayed")
  }

  /// The timeout bounds a stall, not a long upload: a body the server takes three times
  /// the timeout to read, a piece at a time, arrives; one the server never reads fails.
  /// The timeout is 2 s, not 1: beside a parallel test run on two cores, the client once
  /// went a second without sending a piece.
  @Test func anUploadLongerThanTheTimeoutArrivesAndOnlyAStalledOneTimesOut() async throws {
    let timeout = Duration.seconds(2)
    let slow = try SlowReadingListener(slowFor: timeout * 3)
    let file = try Self.temporaryFile(Data(count: 24 << 20))
    defer { try? FileManager.default.removeItem(at: file) }
    let request = GraphQLRequest(
      query: Self.uploadOne, operationName: "One", variables: ["file": .null], kind: .mutation,
      uploads: ["variables.file": GraphQLUpload(fileURL: file)])
    let started = ContinuousClock.now
    let payload = try await HTTPTransport(endpoint: slow.url, timeout: timeout).payload(for: request)
    #expect(ContinuousClock.now - started > timeout * 2)
    #expect(try JSONReader.parse(payload.body)["data"]?["received"]?.intValue ?? 0 > 24 << 20)

    let silent = try SilentListener()
    await #expect {
      try await HTTPTransport(endpoint: silent.url, timeout: timeout).payload(for: request)
    } throws: { error in
      (error as? TransportError)?.message.contains("timed out") == true
    }
  }

  /// A server that refuses an upload as soon as the request's head arrives ends the
  /// exchange while the body is still going out: each such upload fails, with the server's
  /// status or, when the server's close cut the sending first, as a transport failure, and
  /// the process goes on. (FoundationNetworking's upload from a file read the file ahead
  /// and trapped when a read landed after the exchange had ended.) The body goes with its
  /// length, not chunked: a server may refuse a request that carries both.
  @Test func anUploadTheServerRefusesMidwayFailsEveryTime() async throws {
    let listener = try EarlyAnswerListener()
    let file = try Self.temporaryFile(Data(count: 8 << 20))
    defer { try? FileManager.default.removeItem(at: file) }
    let request = GraphQLRequest(
      query: Self.uploadOne, operationName: "One", variables: ["file": .null], kind: .mutation,
      uploads: ["variables.file": GraphQLUpload(fileURL: file)])
    let transport = HTTPTransport(endpoint: listener.url)
    var refusals: [String] = []
    for attempt in 0..<20 {
      await #expect("attempt \(attempt)") {
        try await transport.payload(for: request)
      } throws: { error in
        guard let error = error as? TransportError else { return false }
        if error.kind == .http(status: 413) { refusals.append(error.message) }
        return error.kind == .http(status: 413) || error.kind == .transport
      }
    }
    try #require(!refusals.isEmpty, "no attempt got the server's answer")
    for refusal in refusals {
      #expect(refusal.hasSuffix("transfer-encoding none"), "\(refusal)")
      #expect(!refusal.contains("content-length none"), "\(refusal)")
    }
  }

  @Test func aMissingFileFailsAsATransportErrorNamingIt() async throws {
    let server = try await Self.shared.fresh()
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("baton-no-such-file-\(UUID().uuidString)")
    let request = GraphQLRequest(
      query: Self.uploadOne, operationName: "One", variables: ["file": .null], kind: .mutation,
      uploads: ["variables.file": GraphQLUpload(fileURL: missing)])
    await #expect {
      try await HTTPTransport(endpoint: server.graphQLURL).payload(for: request)
    } throws: { error in
      guard let error = error as? TransportError else { return false }
      return error.kind == .transport && error.message.contains(missing.path)
    }
  }

  static func temporaryFile(_ contents: Data) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("baton-upload-test-\(UUID().uuidString).bin")
    try contents.write(to: url)
    return url
  }

  /// The multipart bodies in the temporary directory now.
  static func temporaryBodies() throws -> Set<String> {
    let names = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
    return Set(names.filter { $0.hasPrefix("baton-upload-") && $0.hasSuffix(".multipart") })
  }
}
