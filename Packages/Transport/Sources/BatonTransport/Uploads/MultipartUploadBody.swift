@_spi(Development) import BatonNormalizer
import Foundation

/// The body of a GraphQL multipart request, written to a temporary file a chunk at a time,
/// so that `URLSession` streams it from disk and no file sits in memory whole: `operations`
/// (the request's JSON, each file's variable `null`), `map` (which part goes where), then
/// one part per file, in the order of their paths.
struct MultipartUploadBody: Sendable {
  /// The bytes read from a file and written at once.
  static let chunkSize = 1 << 20

  /// The temporary file; the caller removes it with `remove()` once the request is over.
  let file: URL
  /// The body's `Content-Type`, which names the boundary.
  let contentType: String
  /// The body's size in bytes.
  let size: Int64

  /// Writes the body of `request` into a new file in `directory`. Cancelling the calling
  /// task stops the writing between chunks and removes what was written.
  static func write(_ request: GraphQLRequest, in directory: URL = FileManager.default.temporaryDirectory) throws
    -> MultipartUploadBody
  {
    let boundary = "baton-" + UUID().uuidString
    let file = directory.appendingPathComponent("baton-upload-\(UUID().uuidString).multipart")
    guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
      throw TransportError(.transport, "The upload's request body could not be written to \(directory.path).")
    }
    do {
      let handle = try FileHandle(forWritingTo: file)
      defer { try? handle.close() }
      var writer = Writer(handle: handle, boundary: boundary)
      try writer.write(request)
      return MultipartUploadBody(file: file, contentType: "multipart/form-data; boundary=\(boundary)", size: writer.size)
    } catch {
      try? FileManager.default.removeItem(at: file)
      if error is CancellationError || error is TransportError { throw error }
      throw TransportError(.transport, "The upload's request body could not be written: \(error)")
    }
  }

  /// Removes the temporary file.
  func remove() {
    try? FileManager.default.removeItem(at: file)
  }

  /// The paths of `uploads` in the order their parts go, and the part names `map` gives them.
  static func ordered(_ uploads: [String: GraphQLUpload]) -> [(name: String, path: String, upload: GraphQLUpload)] {
    uploads.sorted { $0.key.compare($1.key, options: .numeric) == .orderedAscending }.enumerated().map {
      (String($0.offset), $0.element.key, $0.element.value)
    }
  }

  private struct Writer {
    let handle: FileHandle
    let boundary: String
    var size: Int64 = 0

    mutating func write(_ request: GraphQLRequest) throws {
      let parts = MultipartUploadBody.ordered(request.uploads)
      var operations: [UInt8] = []
      JSONWriter.write(request.body, into: &operations)
      try head(name: "operations", filename: nil, contentType: "application/json")
      try append(operations)
      let map = JSONValue.object(parts.map { JSONMember($0.name, .array([.string($0.path)])) })
      try head(name: "map", filename: nil, contentType: "application/json")
      try append(Array(JSONWriter.string(map).utf8))
      for part in parts {
        try head(name: part.name, filename: part.upload.filename, contentType: part.upload.contentType)
        switch part.upload.content {
        case .bytes(let data): try append(data)
        case .file(let url): try copy(url)
        }
      }
      try append(Array("\r\n--\(boundary)--\r\n".utf8))
    }

    /// A part's delimiter and headers; the first part has no line break before its delimiter.
    private mutating func head(name: String, filename: String?, contentType: String) throws {
      var text = size == 0 ? "" : "\r\n"
      text += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(name))\""
      if let filename { text += "; filename=\"\(Self.quoted(filename))\"" }
      text += "\r\nContent-Type: \(Self.headerValue(contentType))\r\n\r\n"
      try append(Array(text.utf8))
    }

    private mutating func copy(_ url: URL) throws {
      let source: FileHandle
      do {
        source = try FileHandle(forReadingFrom: url)
      } catch {
        throw TransportError(.transport, "The upload's file \(url.path) cannot be read: \(error.localizedDescription)")
      }
      defer { try? source.close() }
      while let chunk = try source.read(upToCount: MultipartUploadBody.chunkSize), !chunk.isEmpty {
        try Task.checkCancellation()
        try append(chunk)
      }
    }

    private mutating func append(_ bytes: some DataProtocol) throws {
      try handle.write(contentsOf: bytes)
      size += Int64(bytes.count)
    }

    /// A quoted header parameter as browsers send it (the HTML form-data rules): `"`, CR
    /// and LF percent-encoded, so that a filename cannot end the header early.
    private static func quoted(_ text: String) -> String {
      text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
        .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A header value with no line break in it.
    private static func headerValue(_ text: String) -> String {
      text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
    }
  }
}
