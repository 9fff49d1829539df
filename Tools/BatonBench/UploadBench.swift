@_spi(Development) import BatonNormalizer
import BatonTestServer
import BatonTransport
import Foundation

/// `baton-bench upload`: a 200 MB file sent with `HTTPTransport` as a GraphQL multipart
/// request to the loopback server, in a child process of its own: the time, the bytes
/// verified by the server's SHA-256 (against `sha256sum` of the file), and how far the
/// child's peak resident memory rose above where it stood before the upload.
enum UploadBench {
  static let childFlag = "--upload-child"
  static let megabytes = 200
  /// The bar: the upload raises the peak by less than this, however large the file.
  static let peakGrowthBar = 20 << 20

  struct Outcome: Codable {
    var seconds: Double
    var peakGrowthBytes: Int
    var receivedBytes: Int
    var receivedSHA256: String
    var progressReports: Int
  }

  static func run() throws {
    let server = try TestServer()
    defer { server.stop() }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("baton-bench-upload-\(UUID().uuidString).bin")
    try writeRandomFile(file, megabytes: megabytes)
    defer { try? FileManager.default.removeItem(at: file) }
    let expected = try sha256sum(file)
    let outcome: Outcome = try BenchChild.launch(
      [childFlag, server.graphQLURL.absoluteString, file.path], what: "the upload child")
    let size = megabytes << 20
    let verified = outcome.receivedBytes == size && outcome.receivedSHA256 == expected
    print("A \(megabytes) MB file uploaded to the loopback server (GraphQL multipart request), in a child process:")
    printTable(
      ["case", "time", "rate", "peak RSS growth", "progress reports", "server's SHA-256"],
      [[
        "HTTPTransport, file URL", String(format: "%.2f s", outcome.seconds), formatRate(bytes: size, seconds: outcome.seconds),
        formatMB(outcome.peakGrowthBytes), String(outcome.progressReports), verified ? "matches" : "DIFFERS",
      ]])
    guard verified else {
      throw BenchError(
        description: "the server received \(outcome.receivedBytes) bytes with SHA-256 \(outcome.receivedSHA256); "
          + "sent \(size) with \(expected)")
    }
    guard outcome.peakGrowthBytes < peakGrowthBar else {
      throw BenchError(description: "the peak grew by \(formatMB(outcome.peakGrowthBytes)), over the bar of \(formatMB(peakGrowthBar))")
    }
  }

  /// The child: uploads the file at `arguments[1]` to `arguments[0]` and prints an `Outcome`.
  static func childMain(_ arguments: [String]) -> Int32 {
    guard arguments.count == 2, let endpoint = URL(string: arguments[0]) else { return 2 }
    do {
      let outcome = try StoreBench.blocking { try await upload(URL(fileURLWithPath: arguments[1]), to: endpoint) }
      FileHandle.standardOutput.write(try JSONEncoder().encode(outcome))
      return 0
    } catch {
      FileHandle.standardError.write(Data("baton-bench upload: \(error)\n".utf8))
      return 1
    }
  }

  private static func upload(_ file: URL, to endpoint: URL) async throws -> Outcome {
    let transport = HTTPTransport(endpoint: endpoint, timeout: .seconds(600))
    let request = GraphQLRequest(
      query: "mutation Upload($file: Upload!) { uploadFile(file: $file) { size sha256 } }", operationName: "Upload",
      variables: ["file": .null], kind: .mutation, uploads: ["variables.file": GraphQLUpload(fileURL: file)])
    ProcessMemory.resetPeak()
    let before = ProcessMemory.residentBytes()
    let started = ContinuousClock.now
    var reports = 0
    var body: [UInt8] = []
    for try await reply in transport.send(request, in: TransportContext()) {
      switch reply {
      case .sending: reports += 1
      case .payload(let payload): body = payload.body
      case .retrying, .resending: break
      }
    }
    let elapsed = (ContinuousClock.now - started).components
    let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    let growth = ProcessMemory.peakBytes() - before
    let received = try JSONReader.parse(body)["data"]?["uploadFile"]
    return Outcome(
      seconds: seconds, peakGrowthBytes: growth, receivedBytes: received?["size"]?.intValue ?? -1,
      receivedSHA256: received?["sha256"]?.stringValue ?? "", progressReports: reports)
  }

  /// `megabytes` MB of random bytes, written a megabyte at a time.
  private static func writeRandomFile(_ url: URL, megabytes: Int) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw BenchError(description: "cannot create \(url.path)")
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<megabytes {
      let words = (0..<(1 << 17)).map { _ in generator.next() as UInt64 }
      try handle.write(contentsOf: words.withUnsafeBytes { Data($0) })
    }
  }

  /// The file's SHA-256 as `sha256sum` (or macOS's `shasum -a 256`) gives it.
  private static func sha256sum(_ url: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    #if os(Linux)
      process.arguments = ["sha256sum", url.path]
    #else
      process.arguments = ["shasum", "-a", "256", url.path]
    #endif
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let hash = String(decoding: output, as: UTF8.self).split(separator: " ").first
    else { throw BenchError(description: "sha256sum failed on \(url.path)") }
    return String(hash)
  }
}
