import BatonNormalizer
import BatonStore
import BatonTestServer
import BatonTransport
import Foundation
import StoreTestOperations
import TestPrerequisites
import Testing

/// A generated mutation with `Upload` variables, through the store: the files arrive byte
/// for byte in their places, `mutate` reports the upload's progress as it goes, and
/// cancelling the calling task stops the upload.
///
/// Not taped: a multipart body's boundary is new on every request.
@Suite(.serialized, .requires(.testServer)) struct UploadMutationTests {
  static let shared = SharedServer()

  /// Collects what `mutate` reports.
  final class ProgressLog: Sendable {
    private let reports = Locked<[UploadProgress]>([])
    var all: [UploadProgress] { reports.withLock { $0 } }
    func append(_ progress: UploadProgress) { reports.withLock { $0.append(progress) } }
  }

  @Test func filesAndACoverArriveWithProgressReported() async throws {
    let server = try await Self.shared.fresh()
    let environment = server.environment()
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("baton-upload-store-\(UUID().uuidString).txt")
    try Data(repeating: UInt8(ascii: "a"), count: 2_000_000).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let log = ProgressLog()
    let mutation = StoreTests.UploadFilesMutation(
      files: [
        GraphQLUpload(fileURL: file, contentType: "text/plain"),
        GraphQLUpload(data: Data("hello, upload\n".utf8), filename: "hello.txt"),
      ],
      cover: .value(GraphQLUpload(data: Data(), filename: "empty.png", contentType: "image/png")))
    let data = try await environment.mutate(mutation, progress: log.append)
    let files = data.uploadFiles
    try #require(files.count == 3)
    // SHA-256 of two million "a" bytes and of "hello, upload\n", from Python's hashlib; and
    // of nothing.
    #expect(files[0].size == 2_000_000)
    #expect(files[0].sha256 == "bcf7f9d1b4311c3352e60502255ce09a6744df84e8f2c89f79c4b5d74933a95a")
    #expect(files[0].filename == file.lastPathComponent)
    #expect(files[1].sha256 == "b5b2447c7f703f19b65f8452fe57490e846ec6bc84f04f8994e0fa24e4ec9a1e")
    #expect(files[2].filename == "empty.png" && files[2].size == 0)
    #expect(files[2].sha256 == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    let progress = log.all
    let last = try #require(progress.last)
    #expect(last.sentBytes == last.totalBytes && last.totalBytes > 2_000_000)
    #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.sentBytes <= $1.sentBytes })
  }

  @Test func cancellingTheCallingTaskStopsTheUpload() async throws {
    let listener = try SilentListener()
    let environment = GraphQLEnvironment(transport: HTTPTransport(endpoint: listener.url, timeout: .seconds(120)))
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("baton-upload-store-\(UUID().uuidString).bin")
    try Data(count: 64 << 20).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
    let upload = Task {
      defer { startedContinuation.finish() }
      return try await environment.mutate(
        StoreTests.UploadFileMutation(file: GraphQLUpload(fileURL: file)), progress: { _ in startedContinuation.yield() })
    }
    for await _ in started { break }
    upload.cancel()
    let outcome = await upload.result
    #expect(throws: OperationError.self) { try outcome.get() }
  }
}
