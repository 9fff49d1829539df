/// A problem a debug build reports loudly without stopping (STYLE, "runtime issues"): on
/// stderr as one `file:line: runtime issue: Baton: message` line, as an `os_log` fault on
/// Apple platforms (Xcode shows it as a purple warning), or to the handler a test installed
/// with `RuntimeIssues.withHandler(_:operation:)`.
public struct RuntimeIssue: Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, one line, naming the owner, the record and the field.
  public var message: String
  /// Where the issue points, as `#fileID` gives it (`Module/File.swift`): for missing data,
  /// the generated file that declares the fragment or operation that read it.
  public var fileID: String
  /// The line of that declaration.
  public var line: UInt

  /// An issue saying `message`, pointing at `fileID:line`.
  public init(_ message: String, fileID: String, line: UInt) {
    self.message = message
    self.fileID = fileID
    self.line = line
  }

  /// The greppable line: `RickAndMortyAPI/RickAndMorty.OriginDetails.swift:9: runtime issue: Baton: missing data: ...`.
  public var description: String {
    "\(fileID):\(line): runtime issue: Baton: \(message)"
  }
}
