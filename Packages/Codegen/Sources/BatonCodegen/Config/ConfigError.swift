/// A baton.json that cannot be used: the file, the key (a dotted path such as
/// `scalars.DateTime`, empty for the file as a whole) and why.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
  public var file: String
  public var key: String
  public var message: String

  public init(file: String, key: String, message: String) {
    self.file = file
    self.key = key
    self.message = message
  }

  /// `file: error: "key": message`, in the shape compilers print so editors pick it up.
  public var description: String {
    key.isEmpty ? "\(file): error: \(message)" : "\(file): error: \"\(key)\": \(message)"
  }
}
