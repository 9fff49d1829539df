/// Why an image file could not be used or written. Loading never traps: every way a file
/// can be wrong ends here, with where it went wrong.
public enum ImageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file exists but holds no bytes.
  case empty
  /// The file does not start with Baton's magic bytes: another program's file.
  case foreign
  /// The file was written by another version of the format.
  case unsupportedVersion(UInt32)
  /// The file is shorter or longer than its header says.
  case wrongLength(expected: UInt64, actual: Int)
  /// The header's or the payload's checksum does not match its bytes.
  case checksumMismatch(String)
  /// The payload is inconsistent at `offset` (from the start of the payload).
  case damaged(String, offset: Int)
  /// Reading, writing or moving the file failed.
  case io(String)

  /// What is wrong with the file, for a log or a persistence event.
  public var description: String {
    switch self {
    case .empty: "The image file is empty."
    case .foreign: "The file is not a Baton image (wrong magic bytes)."
    case .unsupportedVersion(let version):
      "The image has format version \(version); this build reads version \(ImageFormat.version)."
    case .wrongLength(let expected, let actual):
      "The image is \(actual) bytes long; its header says \(expected)."
    case .checksumMismatch(let part): "The image's \(part) checksum does not match: the file is damaged."
    case .damaged(let reason, let offset): "The image is damaged at payload offset \(offset): \(reason)."
    case .io(let message): message
    }
  }
}
