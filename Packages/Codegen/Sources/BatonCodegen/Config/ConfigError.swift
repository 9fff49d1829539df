/// A baton.json that cannot be used: the file, the key (a dotted path such as
/// `scalars.DateTime`, empty for the file as a whole), where in the file and why.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
  public var file: String
  public var key: String
  public var message: String
  /// Where the key's value (or the text that is not JSON) starts, when the file could be read.
  public var location: DiagnosticLocation?

  public init(file: String, key: String, message: String, location: DiagnosticLocation? = nil) {
    self.file = file
    self.key = key
    self.message = message
    self.location = location
  }

  /// `file:line:column: error: "key": message`, in the shape compilers print so editors
  /// pick it up.
  public var description: String {
    let place = location?.description ?? file
    return key.isEmpty ? "\(place): error: \(message)" : "\(place): error: \"\(key)\": \(message)"
  }
}
