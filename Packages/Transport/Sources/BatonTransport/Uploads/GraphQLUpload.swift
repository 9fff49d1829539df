import Foundation

/// A file sent with a mutation, as the GraphQL multipart request spec
/// (https://github.com/jaydenseric/graphql-multipart-request-spec) carries it: the variable
/// goes as `null` in `operations`, and the file as a part of its own, which `map` names.
///
/// Generated code uses it for the scalar `baton.json` names as the upload scalar (`Upload`
/// unless `uploadScalar` says otherwise), as Apollo iOS's `GraphQLFile` and Apollo Kotlin's
/// `Upload` are used. A file on disk is read in chunks while the request is written, so a
/// large one never sits in memory whole; bytes in memory suit a small one.
public struct GraphQLUpload: Sendable, Hashable {
  /// Where the file's bytes come from.
  public enum Content: Sendable, Hashable {
    /// A file on disk, read when the request goes.
    case file(URL)
    /// Bytes already in memory.
    case bytes(Data)
  }

  /// The file's bytes.
  public var content: Content
  /// The name the server sees in the part's `Content-Disposition`.
  public var filename: String
  /// The part's `Content-Type` (by default `application/octet-stream`).
  public var contentType: String

  /// The file at `fileURL`, named `filename` (by default the URL's last path component).
  public init(fileURL: URL, filename: String? = nil, contentType: String = "application/octet-stream") {
    self.content = .file(fileURL)
    self.filename = filename ?? fileURL.lastPathComponent
    self.contentType = contentType
  }

  /// `data` sent as a file named `filename`.
  public init(data: Data, filename: String, contentType: String = "application/octet-stream") {
    self.content = .bytes(data)
    self.filename = filename
    self.contentType = contentType
  }
}

/// How far an upload's request body has gone: what `HTTPTransport` reports while a request
/// with files is sent.
public struct UploadProgress: Sendable, Hashable {
  /// The bytes of the request body sent so far.
  public var sentBytes: Int64
  /// The request body's size: the files, and the multipart framing around them.
  public var totalBytes: Int64

  /// Progress of `sentBytes` out of `totalBytes`.
  public init(sentBytes: Int64, totalBytes: Int64) {
    self.sentBytes = sentBytes
    self.totalBytes = totalBytes
  }

  /// The part sent, from 0 to 1 (1 for an empty body).
  public var fractionCompleted: Double {
    totalBytes > 0 ? min(1, Double(sentBytes) / Double(totalBytes)) : 1
  }
}
