import Foundation

/// What `FileImage.load()` throws when the file exists but cannot be used: why, and where
/// the file was moved so that it can be inspected and the next save does not overwrite it.
/// The store logs it as a persistence event and starts empty.
public struct SetAsideImage: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong with the file.
  public var reason: ImageError
  /// The image's path.
  public var original: URL
  /// Where the file now is, or `nil` when moving it failed too (then it stays in place).
  public var movedTo: URL?

  /// Why the file was set aside and where it went, for a log.
  public var description: String {
    if let movedTo {
      "The image \(original.path) was set aside as \(movedTo.lastPathComponent): \(reason)"
    } else {
      "The image \(original.path) cannot be used and could not be set aside: \(reason)"
    }
  }
}
